import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContactForm } from "~/components/forms/contact-form";
import { AppLink } from "~/components/layout/app-link";
import { describeContactFailure } from "~/modules/contact/contact-outcome";
import { isContactKind, type ContactKind } from "~/modules/contact/contact-schemas";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { clientAddress } from "~/modules/http/client-address.server";
import { contactValidators } from "~/modules/contact/contact-validators";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { formFailure, readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { notFound } from "~/modules/http/responses";
import { languageOfPath, localizePathFor } from "~/modules/i18n/language";
import { countryOptions } from "~/modules/registry/countries";
import { redirectWithOutcome } from "~/modules/toast/outcome.server";

function requireKind(kind: string | undefined): ContactKind {
  if (!isContactKind(kind)) throw notFound();
  return kind;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const kind = requireKind(params.kind);
  const countries = kind === "business-inquiry" ? countryOptions(languageOfPath(new URL(request.url).pathname)) : [];
  return { kind, countries, ...(await pageTitle(request, `contact.kinds.${kind}.title`)) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request, params }: ActionFunctionArgs) {
  const kind = requireKind(params.kind);
  const result = await contactValidators[kind].validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, result.submittedData);

  const outcome = await submitContactMessage(kind, result.data, clientAddress(request));
  if (outcome.status !== "stored") {
    const failure = describeContactFailure(outcome);
    return formFailure(failure.message, result.submittedData, failure.httpStatus, kind);
  }
  return redirectWithOutcome(localizePathFor(request, "/contact/sent"), { kind: "contact-sent", email: result.data.email });
}

export default function ContactFormPage() {
  const { kind, countries } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="xs" mb="lg">
        <Anchor component={AppLink} to="/contact" size="sm">
          ← {t("contact.back")}
        </Anchor>
        <Title order={1}>{t(`contact.kinds.${kind}.title`)}</Title>
        <Text>{t(`contact.kinds.${kind}.description`)}</Text>
      </Stack>
      <ContactForm kind={kind} countries={countries} />
    </Container>
  );
}
