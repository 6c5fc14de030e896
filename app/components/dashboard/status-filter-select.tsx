import { NativeSelect } from "@mantine/core";
import { statusFilters, type StatusFilter } from "~/modules/feeds/status-filter";

/** The feeds and dumps lists' Status filter: one select, one width on both pages. */
export function StatusFilterSelect({
  id,
  label,
  value,
  optionLabel,
}: {
  id?: string;
  label: string;
  value: StatusFilter;
  optionLabel: (filter: StatusFilter) => string;
}) {
  return (
    <NativeSelect
      id={id}
      name="status"
      w="14rem"
      label={label}
      defaultValue={value}
      data={statusFilters.map((filter) => ({ value: filter, label: optionLabel(filter) }))}
    />
  );
}
