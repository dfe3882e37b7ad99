import { useSearchParams } from 'react-router';

/**
 * One of a page's choices kept in the address (?tab=documents, ?section=pipeline), so a link opens
 * it and a reload keeps it: the choice the address names when it is one of `choices`, else
 * `fallback`; choosing writes it in place (the fallback leaves the address without it).
 */
export function useSearchChoice(param: string, choices: readonly string[], fallback: string): [string, (choice: string) => void] {
  const [search, setSearch] = useSearchParams();
  const named = search.get(param);
  const open = named && choices.includes(named) ? named : fallback;
  const choose = (choice: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (choice === fallback) next.delete(param);
        else next.set(param, choice);
        return next;
      },
      { replace: true },
    );
  return [open, choose];
}
