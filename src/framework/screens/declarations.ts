// Hooks of the screens that read a declaration which may not be loaded yet (another area's).
import { useEffect, useReducer } from 'react';
import {
  type FieldDecl,
  loadResources,
  type ResourceDecl,
  referencedKey,
  registeredResource,
} from '../resource/index.ts';

/** A declaration, loading its area first when it is not registered yet (undefined meanwhile). */
export function useResourceDecl(key: string | undefined): ResourceDecl | undefined {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const decl = key ? registeredResource(key) : undefined;
  useEffect(() => {
    if (key && !decl) void loadResources([key]).then(loaded, loaded);
  }, [key, decl]);
  return decl;
}

/** The declaration of the resource a field chooses from, loading its area when needed. */
export const useReferencedResource = (field: FieldDecl): ResourceDecl | undefined =>
  useResourceDecl(referencedKey(field));
