import { localizedReason } from "~/modules/net/failure-reasons";
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DetailsCard } from "~/components/layout/details-card";
import { DumpProgress, DumpStatusBadge } from "~/components/dashboard/dump-progress";
import { formatDateTime } from "~/components/layout/format";
import { SelectionDetails } from "~/components/dashboard/delivery-details";
import { ProductSelectionDetails } from "~/components/dashboard/product-views";
import { useLiveRevalidation } from "~/components/dashboard/use-live-revalidation";
import { FormError } from "~/components/forms/form-error";
import { AppLink } from "~/components/layout/app-link";
import { AwaitingAddresses } from "~/components/dashboard/awaiting-addresses";
import { canRetry, DeliveryList, RetryDeliveryButton } from "~/components/dashboard/delivery-history";
import { overallState } from "~/modules/feeds/delivery-state";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { cancelUserDump, findDumpOwner } from "~/modules/feeds/dump-queries.server";
import { resendAddressAction } from "~/modules/feeds/resend-address-action.server";
import { retryDeliveryAction } from "~/modules/feeds/retry-delivery-action.server";
import { isActiveDumpStatus } from "~/modules/feeds/progress";
import { readFormData } from "~/modules/forms/form-data.server";
import { productScreenPath } from "~/modules/products/places";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { productDumpDetails, requireProductPlace } from "~/modules/products/registry.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { segment, user, place } = await requireProductPlace(request);
  const back = productScreenPath(place, "dumps");
  const details = back ? await productDumpDetails(segment, user, params.dumpId ?? "") : null;
  if (!back || !details) throw notFound();
  return { details, back, now: Date.now(), ...(await pageTitle(request, "dumps.detailsTitle")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.details ? `${data.details.dump.name} · ${data.title}` : undefined, data?.siteName);

export async function action({ request, params }: ActionFunctionArgs) {
  const { descriptor, user, place } = await requireProductPlace(request);
  const form = await readFormData(request);
  if (form.get("intent") === "retry-delivery") return retryDeliveryAction(request, user, descriptor.product, form);
  if (form.get("intent") === "resend-address") {
    const found = await findDumpOwner(user, descriptor.product, params.dumpId ?? "");
    const back = productScreenPath(place, "dump-details", params.dumpId);
    if (!found || !back) throw notFound();
    return resendAddressAction(request, found.ownerId, form, back);
  }
  if (form.get("intent") !== "cancel") return data({ error: "dumps.unknownIntent" }, { status: 400 });
  const outcome = await cancelUserDump(user, descriptor.product, params.dumpId ?? "");
  if (outcome === "not-found") throw notFound();
  if (outcome === "not-cancellable") return data({ error: "dumps.notCancellable" }, { status: 409 });
  const details = productScreenPath(place, "dump-details", params.dumpId);
  if (!details) throw notFound();
  return redirectWithToast(localizePathFor(request, details), {
    type: "success",
    message: "dumps.cancelledToast",
  });
}

export default function DumpDetailsPage() {
  const { details, back, now } = useLoaderData<typeof loader>();
  const { dump } = details;
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  useLiveRevalidation(isActiveDumpStatus(dump.status));
  const date = (value: string | null) => formatDateTime(value, i18n.language);
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={AppLink} to={back} size="sm">
        ← {t("dumps.backToList")}
      </Anchor>
      <Group justify="space-between" align="flex-start" className="page-heading">
        <div>
          <Title order={1}>{dump.name}</Title>
          {dump.description ? <Text>{dump.description}</Text> : null}
        </div>
        <DumpStatusBadge status={dump.status} />
      </Group>

      <FormError message={actionData?.error} />
      <AwaitingAddresses addresses={dump.awaitingConfirmation} />
      {dump.status === "failed" && dump.error ? (
        <Alert color="red" title={t("dumps.failedTitle")} data-testid="dump-error">
          {dump.stopReason ? t(`dumps.stopReasons.${dump.stopReason}`, { defaultValue: dump.error }) : localizedReason(dump.error, t)}
        </Alert>
      ) : null}

      <Card withBorder padding="lg" component="section" aria-labelledby="dump-progress-heading">
        <Title order={2} size="h3" id="dump-progress-heading" mb="sm">
          {t("dumps.progressTitle")}
        </Title>
        <DumpProgress {...dump} now={now} />
        <Group mt="sm">
          {dump.files.map((file) => (
            <Button key={file.id} component="a" href={file.downloadUrl} download={file.filename} variant="filled">
              {t("dumps.downloadFile", { format: file.format.toUpperCase(), size: (file.size / 1024).toFixed(1) })}
            </Button>
          ))}
          {dump.canBeCancelled ? (
            <Form method="post">
              <Button type="submit" name="intent" value="cancel" color="red" variant="light">
                {t("dumps.cancel")}
              </Button>
            </Form>
          ) : null}
        </Group>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="dump-deliveries-heading">
        <Title order={2} size="h3" id="dump-deliveries-heading" mb="sm">
          {t("deliveryHistory.deliveries")}
        </Title>
        <DeliveryList deliveries={dump.deliveries} />
        {canRetry(overallState(dump.deliveries.map((delivery) => delivery.state))) ? (
          <Group mt="sm">
            <RetryDeliveryButton field="dumpId" id={dump.id} />
          </Group>
        ) : null}
      </Card>
      <DetailsCard
        title={t("dumps.timesTitle")}
        testId="details-times"
        rows={[
          [t("dumps.username"), dump.username],
          [t("dumps.fields.created"), date(dump.created)],
          [t("dumps.fields.started"), date(dump.started)],
          [t("dumps.fields.finished"), date(dump.finished)],
        ]}
      />
      <SelectionDetails
        selection={<ProductSelectionDetails details={details} kind="dump" />}
        delivery={dump.delivery}
        notification={dump.notification}
      />
    </Stack>
  );
}
