import { Alert, Anchor, Card, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { signInReason } from "~/modules/auth/sign-in-reason";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { platforms } from "~/modules/registry/registry";
import { safeRedirect } from "~/modules/url/safe-redirect";

export async function loader({ request }: LoaderFunctionArgs) {
  return pageTitle(request, "auth.loginTitle");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** One button per platform, each keeping where the visitor wanted to go; a guard's redirect says why it came here. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  const query = redirectTo ? `?redirectTo=${encodeURIComponent(safeRedirect(redirectTo))}` : "";
  const reason = signInReason(redirectTo === null ? null : safeRedirect(redirectTo));
  return (
    <Container size="md" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t("auth.loginTitle")}</Title>
        <Text>{t("auth.loginLead")}</Text>
      </Stack>
      {reason ? (
        <Alert color="blue" mb="xl" data-testid="sign-in-reason">
          {t(`auth.signInReasons.${reason}`)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {platforms.map((platform) => (
          <Card key={platform} withBorder padding="lg" component={AppLink} to={`/login/${platform}${query}`} className="link-card">
            <Title order={2} size="h4" mb="xs">
              {t(`auth.platforms.${platform}.name`)}
            </Title>
            <Text size="sm">{t(`auth.platforms.${platform}.description`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor component={AppLink} to="/reset-password" mt="xl" display="inline-block">
        {t("auth.forgotPassword")}
      </Anchor>
    </Container>
  );
}
