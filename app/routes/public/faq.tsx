import { Container, Stack, Text, Title, TypographyStylesProvider } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireSignedIn } from "~/modules/auth/guards.server";
import { readFaq } from "~/modules/content/faq.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { languageOfPath, splitLanguagePrefix } from "~/modules/i18n/language";

/** The FAQ area is for signed-in users (SPEC.md section 2). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedIn(request);
  const { pathname } = new URL(request.url);
  const topics = await readFaq(languageOfPath(pathname), splitLanguagePrefix(pathname).prefix);
  return { topics, ...(await pageTitle(request, "faq.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function FaqPage() {
  const { topics } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t("faq.title")}</Title>
        <Text>{t("faq.lead")}</Text>
      </Stack>
      <nav aria-label={t("faq.title")}>
        <ul className="faq-topics">
          {topics.map((topic, index) => (
            <li key={topic.title}>
              <a href={`#topic-${index}`}>{topic.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {topics.map((topic, index) => (
        <section key={topic.title} aria-labelledby={`topic-${index}`} className="faq-topic">
          <Title order={2} id={`topic-${index}`} mt="xl">
            {topic.title}
          </Title>
          <TypographyStylesProvider>
            <div className="markdown" dangerouslySetInnerHTML={{ __html: topic.html }} />
          </TypographyStylesProvider>
        </section>
      ))}
    </Container>
  );
}
