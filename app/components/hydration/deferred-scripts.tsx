import { Scripts } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import docsPageScript from "~/modules/docs/docs-page.browser?worker&url";
import { copyLabels } from "~/modules/docs/page-behaviours";
import { DEFERRED_SCRIPTS_ID } from "~/modules/hydration/deferred-hydration";
import { STREAM_HOLDER_SCRIPT } from "~/modules/hydration/remix-context";

/**
 * Remix's scripts for a page whose hydration waits (deferred-hydration.ts): the server sends them inert in a
 * <template>, after a script that keeps the route data Remix streams after the document, and with the docs page's
 * own small script after it. By the time React hydrates, that script has put them in the template's place, so the
 * browser renders them where the page now has them.
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  const { t } = useTranslation();
  const labels = copyLabels(t);
  const scripts = <Scripts nonce={nonce} />;
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: STREAM_HOLDER_SCRIPT }} />
      {import.meta.env.SSR ? <template id={DEFERRED_SCRIPTS_ID}>{scripts}</template> : scripts}
      <script src={docsPageScript} defer data-copy={labels.copy} data-copied={labels.copied} data-copy-code={labels.copyCode} />
    </>
  );
}
