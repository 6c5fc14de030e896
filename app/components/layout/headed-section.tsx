import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A part of a page named by its own heading (a level-2 heading at h3 size), which labels the section. */
export function HeadedSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
