import { Container, Text, Title, TypographyStylesProvider } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { legalPageFromPath, readLegalPage } from "~/modules/content/legal.server";
import { notFound } from "~/modules/http/responses";
import { languageOfPath } from "~/modules/i18n/language";

/** Terms, privacy policy and cookie policy, written in markdown per language under content/legal. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const page = legalPageFromPath(pathname);
  if (!page) throw notFound();
  const { html, updated } = await readLegalPage(page, languageOfPath(pathname));
  return { titleKey: `legal.${page.titleKey}`, html, updated, ...(await pageTitle(request, `legal.${page.titleKey}`)) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function LegalPage() {
  const { titleKey, html, updated } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Title order={1}>{t(titleKey)}</Title>
      <Text size="sm" c="dimmed" mb="lg">
        {t("legal.updated", { date: updated })}
      </Text>
      <TypographyStylesProvider>
        <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      </TypographyStylesProvider>
    </Container>
  );
}
