/**
 * The worker's wait between two polls, which a nudge (new work, a freed slot, a stop) cuts short. A nudge that comes
 * while nobody waits (the loop is claiming jobs) is kept for the next wait, which then ends at once: the work it
 * announced may have arrived after the loop last looked.
 */
export class PollWait {
  private wake: (() => void) | null = null;
  private nudged = false;

  async wait(ms: number): Promise<void> {
    if (this.nudged) {
      this.nudged = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
  }

  nudge(): void {
    if (this.wake) this.wake();
    else this.nudged = true;
  }
}
