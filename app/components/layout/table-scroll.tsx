import { Box, type MantineSpacing } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A wide table's horizontal scroll box: native overflow, no ScrollArea code in the bundle. It is focusable, so a
 * keyboard reader can scroll it (axe's scrollable-region-focusable); the table keeps at least `minWidth`.
 */
export function TableScroll({
  minWidth,
  maxHeight,
  mt,
  mb,
  children,
}: {
  minWidth: number;
  maxHeight?: number;
  mt?: MantineSpacing;
  mb?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Box tabIndex={0} mt={mt} mb={mb} style={{ overflow: "auto", maxHeight }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
