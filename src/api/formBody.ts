export type FormScalar = string | number | boolean;
export type FormValue = FormScalar | readonly FormScalar[] | null | undefined;
export type FormBody = Record<string, FormValue> | object;

/** Form-encodes a body; arrays are repeated (`a=1&a=2`), never indexed; null and undefined are left out. */
export function toFormBody(body: FormBody = {}): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body) as [string, FormValue][]) {
    if (value === null || value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) form.append(key, String(item));
  }
  return form;
}
