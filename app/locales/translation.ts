import en from "./en";

/** The shape every language must have: the English keys with any string values. */
type Widen<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? readonly Widen<Item>[]
    : { readonly [Key in keyof T]: Widen<T[Key]> };

export type Translation = Widen<typeof en>;
