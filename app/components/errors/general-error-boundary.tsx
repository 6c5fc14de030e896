import { Anchor, Button, Container, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { useNonce } from "~/modules/http/nonce";
import { useIncident } from "~/modules/incidents/incident-context";
import { incidentLookupPath } from "~/modules/incidents/incident-path";

/** The one error boundary: 404 for not-found responses, the generic error page for everything else. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status < 500) return <ClientErrorPage status={error.status} />;
  return <GenericErrorPage />;
}

function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" className="error-page" data-testid="not-found">
      <Stack gap="md">
        <Title order={1}>{t("errors.notFoundTitle")}</Title>
        <Text>{t("errors.notFoundText")}</Text>
        <BackLink />
      </Stack>
    </Container>
  );
}

function ClientErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" className="error-page">
      <Stack gap="md">
        <Title order={1}>{status}</Title>
        <Text>{t("errors.generic")}</Text>
        <BackLink />
      </Stack>
    </Container>
  );
}

function GenericErrorPage() {
  const { t } = useTranslation();
  const incident = useIncident();
  const nonce = useNonce();
  return (
    <Container size="sm" py="xl" className="error-page" data-testid="error-page">
      <Stack gap="md">
        <Title order={1}>{t("errors.genericTitle")}</Title>
        <Text>{t("errors.generic")}</Text>
        {incident ? (
          <>
            <script
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: `window.__incident=${JSON.stringify(incident)}` }}
            />
            <Text size="sm" data-testid="incident-id">
              {incident.forAdmin ? (
                <Anchor component={AppLink} to={incidentLookupPath(incident.id)}>
                  {t("errors.incident", { id: incident.id })}
                </Anchor>
              ) : (
                t("errors.incident", { id: incident.id })
              )}
            </Text>
          </>
        ) : null}
        <Button component={AppLink} to="/" w="fit-content">
          {t("errors.backHome")}
        </Button>
      </Stack>
    </Container>
  );
}

/** Back to the previous page; without JavaScript (or history) it is a plain link home. */
function BackLink() {
  const { t } = useTranslation();
  return (
    <Button
      component={AppLink}
      to="/"
      w="fit-content"
      onClick={(event: React.MouseEvent) => {
        if (window.history.length > 1) {
          event.preventDefault();
          window.history.back();
        }
      }}
    >
      {t("errors.back")}
    </Button>
  );
}
