import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** SPEC.md section 8's empty table: "No records found." */
export function NoRecords() {
  const { t } = useTranslation();
  return (
    <Text data-testid="no-records" py="md">
      {t("econ.common.noRecords")}
    </Text>
  );
}
