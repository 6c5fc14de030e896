import { Box, type MantineSpacing } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A wide table's horizontal scroll box: native overflow, no ScrollArea code in the bundle. It is focusable, so a
 * keyboard reader can scroll it (axe's scrollable-region-focusable); the table keeps at least `minWidth`. Its class
 * is the one markdown tables are wrapped in on the server (markdown.server.ts), so both scroll alike.
 */
export function TableScroll({
  minWidth,
  maxHeight,
  mt,
  mb,
  className,
  children,
}: {
  minWidth: number;
  /** Beside `table-scroll`: a table that lays itself out differently on phones (the docs' field tables). */
  className?: string;
  maxHeight?: number;
  mt?: MantineSpacing;
  mb?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Box tabIndex={0} mt={mt} mb={mb} className={className ? `table-scroll ${className}` : "table-scroll"} style={{ maxHeight }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
