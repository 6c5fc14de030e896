import { Button, Code, CopyButton, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A key shown this once (an API key, an admin API key, a sandbox trial key): the value wraps inside its box at any
 * width, and with JavaScript a button copies it.
 */
export function SecretValue({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <Code block aria-label={label} data-testid={testId} style={{ wordBreak: "break-all", whiteSpace: "pre-wrap", minWidth: 0, flex: 1 }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy} className="js-only">
            {copied ? t("tokens.copied") : t("tokens.copy")}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
