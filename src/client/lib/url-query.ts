import { useQuery } from '@tanstack/react-query';
import { getJson, type ResponseSchema } from './api';

/** A query whose key starts with the URL it reads, its reply parsed with `schema`. */
export function useUrlQuery<T>(queryKey: readonly [string, ...unknown[]], schema: ResponseSchema<T>) {
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], schema) });
}
