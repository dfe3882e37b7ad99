import type { ComponentProps, ElementType } from 'react';

type MergeClasses = (base: string, className?: string) => string;

/**
 * Makes `styled(tag, base)`: a component that renders the tag (or a Radix primitive) with the kit's
 * base classes, merged with the caller's className by `merge`, and passes every other prop through.
 */
export function createStyled(merge: MergeClasses) {
  return function styled<T extends ElementType>(Tag: T, base: string) {
    const Element: ElementType = Tag;
    return function Styled(props: ComponentProps<T>) {
      const { className, ...rest } = props as { className?: string };
      return <Element className={merge(base, className)} {...rest} />;
    };
  };
}
