import { Anchor, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { SearchForm } from "~/components/docs/docs-search";
import { AppLink } from "~/components/layout/app-link";
import { useNonce } from "~/modules/http/nonce";
import { useIncident } from "~/modules/incidents/incident-context";
import { incidentLookupPath } from "~/modules/incidents/incident-path";

/** Renders a thrown Response by its status. It returns elements; hooks belong in the components it renders. */
export type StatusHandler = (info: { error: ErrorResponse }) => ReactElement;

const defaultStatusHandlers: Partial<Record<number, StatusHandler>> = { 404: () => <NotFoundPage /> };

/** A status without a handler: a 4xx names its status, a 5xx is the generic error page. */
function statusPage({ error }: { error: ErrorResponse }): ReactElement {
  return error.status < 500 ? <ClientErrorPage status={error.status} /> : <GenericErrorPage />;
}

/**
 * The one error boundary: a thrown Response goes to the handler of its status (a route's own first, then the 404
 * page; other statuses get statusPage), anything else to unexpectedErrorHandler (the generic page, with the incident).
 */
export function GeneralErrorBoundary({
  statusHandlers,
  unexpectedErrorHandler = () => <GenericErrorPage />,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  unexpectedErrorHandler?: (error: unknown) => ReactElement;
}) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) return unexpectedErrorHandler(error);
  const handler = statusHandlers?.[error.status] ?? defaultStatusHandlers[error.status] ?? statusPage;
  return handler({ error });
}

/** Where a reader who missed a page most likely wants to go: the header's main places. */
const mainLinks = [
  { to: "/", label: "nav.home" },
  { to: "/api-products", label: "nav.apiProducts" },
  { to: "/docs", label: "nav.documentation" },
  { to: "/contact", label: "nav.contact" },
] as const;

/** The 404 page: back, a documentation search (a GET form, so it works without JavaScript) and the main places. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" className="error-page" data-testid="not-found">
      <Stack gap="md">
        <Title order={1}>{t("errors.notFoundTitle")}</Title>
        <Text>{t("errors.notFoundText")}</Text>
        <BackLink />
        <Title order={2} size="h4" mt="md">
          {t("errors.searchHeading")}
        </Title>
        <SearchForm action="/search" query="" />
        <Title order={2} size="h4" mt="md" id="not-found-links">
          {t("errors.mainLinks")}
        </Title>
        <Group component="ul" gap="lg" className="error-page-links" aria-labelledby="not-found-links">
          {mainLinks.map((link) => (
            <li key={link.to}>
              <Anchor component={AppLink} to={link.to}>
                {t(link.label)}
              </Anchor>
            </li>
          ))}
        </Group>
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
        <Text>
          {t("errors.unexpected")}{" "}
          <Anchor component={AppLink} to="/contact/report-bug" data-testid="support-link">
            {t("errors.supportLink")}
          </Anchor>
          {t("errors.supportAfter")}
        </Text>
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
