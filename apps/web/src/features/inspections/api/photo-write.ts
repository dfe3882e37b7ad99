import { useMutation, useQueryClient } from '@tanstack/react-query';
import { photosKey } from './photo-keys';

/** A photo write: when it settles, every gallery and photo is read again. */
export function usePhotoWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: photosKey }) });
}

export const photoPath = (id: string) => `/api/photos/${encodeURIComponent(id)}`;
