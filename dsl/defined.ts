// Drops the fields left undefined, so an option not given never shows up in input.json or generated code.
export const defined = <T extends object>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T
