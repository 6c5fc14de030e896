import { z } from "zod";
import { CAPTCHA_FIELD } from "~/modules/captcha/captcha-field";
import { optionalChoice, optionalText, requiredChoice, requiredEmail, requiredText } from "~/modules/forms/fields";
import { countryCodes } from "~/modules/registry/countries";
import { products } from "~/modules/registry/registry";

export const contactKinds = ["general-inquiry", "report-bug", "request-feature", "business-inquiry"] as const;
export type ContactKind = (typeof contactKinds)[number];

export function isContactKind(value: unknown): value is ContactKind {
  return typeof value === "string" && (contactKinds as readonly string[]).includes(value);
}

export const sdkOptions = ["none", "python", "javascript", "php", "r", "other"] as const;
const productIds = products.map((product) => product.id) as [string, ...string[]];
export const productOptions = productIds;

/** The honeypot: a field people never see; anything in it marks the post as spam. */
export const HONEYPOT_FIELD = "website";
const honeypot = { [HONEYPOT_FIELD]: z.unknown().optional() };

/** The solved captcha the widget adds; optional, because forms must also work without JavaScript. */
const captcha = { [CAPTCHA_FIELD]: z.string().max(1000).optional() };

const generalFields = {
  name: requiredText(100),
  email: requiredEmail(),
  subject: requiredText(200),
  text: requiredText(5000),
  sdk: optionalChoice(sdkOptions),
  ...honeypot,
  ...captcha,
};

export const contactSchemas = {
  "general-inquiry": z.object(generalFields),
  "report-bug": z.object({
    ...generalFields,
    product: requiredChoice(productIds),
    stepsToReproduce: optionalText(5000),
    expectedBehaviour: optionalText(2000),
    actualBehaviour: optionalText(2000),
  }),
  "request-feature": z.object({
    ...generalFields,
    product: optionalChoice(productIds),
    useCase: optionalText(5000),
  }),
  "business-inquiry": z.object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: requiredEmail(),
    companyName: requiredText(200),
    jobFunction: requiredText(100),
    city: requiredText(100),
    country: requiredChoice(countryCodes),
    phoneNumber: requiredText(30).pipe(z.string().regex(/^\+?[0-9][0-9 ()./-]{4,28}$/, "validation.phone")),
    product: requiredChoice(productIds),
    message: optionalText(5000),
    ...honeypot,
    ...captcha,
  }),
} satisfies Record<ContactKind, z.ZodTypeAny>;

export type ContactInput<Kind extends ContactKind = ContactKind> = z.infer<(typeof contactSchemas)[Kind]>;

/** Field order and widgets of each form, read by the form component and the e-mail writer. */
export type FieldWidget = "text" | "email" | "tel" | "textarea" | "sdk" | "product" | "country";
export interface ContactField {
  name: string;
  widget: FieldWidget;
  required: boolean;
}

function describeFields(kind: ContactKind): ContactField[] {
  const shape = contactSchemas[kind].shape as Record<string, z.ZodTypeAny>;
  return Object.entries(shape)
    .filter(([name]) => name !== HONEYPOT_FIELD && name !== CAPTCHA_FIELD)
    .map(([name, schema]) => ({ name, widget: widgetFor(name), required: !schema.safeParse(undefined).success }));
}

function widgetFor(name: string): FieldWidget {
  if (name === "email") return "email";
  if (name === "phoneNumber") return "tel";
  if (name === "sdk") return "sdk";
  if (name === "product") return "product";
  if (name === "country") return "country";
  if (["text", "stepsToReproduce", "expectedBehaviour", "actualBehaviour", "useCase", "message"].includes(name)) {
    return "textarea";
  }
  return "text";
}

export const contactFields: Record<ContactKind, ContactField[]> = {
  "general-inquiry": describeFields("general-inquiry"),
  "report-bug": describeFields("report-bug"),
  "request-feature": describeFields("request-feature"),
  "business-inquiry": describeFields("business-inquiry"),
};
