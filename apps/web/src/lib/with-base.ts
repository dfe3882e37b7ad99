// The kit pieces on every signed-in first load (the dashboard's cards, the session badge) merge a
// caller's classes over their own base without tailwind-merge, which is too heavy for that load.
// The rule is tailwind-merge's for the one case those pieces meet: a caller's class removes each base
// class of the same kind (same variant prefix and property group), and a side padding or margin
// (`px-2`) removes only the base's classes for those sides, as `p-0` removes every base padding.

const SIDES: Record<string, string[]> = {
  '': ['', 'x', 'y', 't', 'r', 'b', 'l', 's', 'e'],
  x: ['x', 'l', 'r', 's', 'e'],
  y: ['y', 't', 'b'],
};

const GROUPS: [RegExp, string][] = [
  [/^text-(xs|sm|base|lg|[2-9]?xl)$/, 'font-size'],
  [/^text-(left|center|right|justify|start|end)$/, 'text-align'],
  [/^text-/, 'text-color'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^border(-[xytrblse])?(-\d+)?$/, 'border-width'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [/^border-/, 'border-color'],
  [/^bg-/, 'background'],
  [/^rounded(-|$)/, 'radius'],
  [/^shadow(-|$)/, 'shadow'],
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents)$/, 'display'],
  [/^flex-(row|col)(-reverse)?$/, 'flex-direction'],
  [/^items-/, 'align-items'],
  [/^justify-/, 'justify-content'],
  [/^gap-/, 'gap'],
  [/^whitespace-/, 'white-space'],
  [/^min-h-/, 'min-height'],
];

type Kind = { prefix: string; group: string; sides?: string[] };

function kindOf(className: string): Kind {
  const cut = className.lastIndexOf(':') + 1;
  const prefix = className.slice(0, cut);
  const utility = className.slice(cut);
  const spacing = /^-?([pm])([xytrblse]?)-/.exec(utility);
  if (spacing) {
    const [, box = '', side = ''] = spacing;
    return { prefix, group: box, sides: SIDES[side] ?? [side] };
  }
  const group = GROUPS.find(([pattern]) => pattern.test(utility))?.[1] ?? utility;
  return { prefix, group };
}

function overrides(caller: Kind, base: Kind): boolean {
  if (caller.prefix !== base.prefix || caller.group !== base.group) return false;
  if (!caller.sides || !base.sides) return true;
  const [baseSide = ''] = base.sides;
  return caller.sides.includes(baseSide);
}

/** The base classes a caller's classes do not override, then the caller's. */
export function withBase(base: string, className?: string): string {
  if (!className) return base;
  const callers = className.split(/\s+/).filter(Boolean);
  const callerKinds = callers.map(kindOf);
  const kept = base.split(/\s+/).filter((baseClass) => {
    const baseKind = kindOf(baseClass);
    return !callerKinds.some((callerKind) => overrides(callerKind, baseKind));
  });
  return [...kept, ...callers].join(' ');
}
