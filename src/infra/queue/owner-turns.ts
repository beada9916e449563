/**
 * Who gets the next free thread: owners (API keys) take turns, round-robin, and one owner's items
 * go first-in first-out. An owner that was just served moves to the back of the line, so an owner
 * that arrives while another's large jobs run waits for at most one slice per owner ahead of it.
 */
export class OwnerTurns<T> {
  /** Owners in turn order (Map keeps insertion order), each with its items in arrival order. */
  private readonly lines = new Map<string, T[]>();

  add(owner: string, item: T): void {
    const line = this.lines.get(owner);
    if (line) line.push(item);
    else this.lines.set(owner, [item]);
  }

  remove(owner: string, item: T): void {
    const line = this.lines.get(owner);
    if (!line) return;
    const i = line.indexOf(item);
    if (i >= 0) line.splice(i, 1);
    if (!line.length) this.lines.delete(owner);
  }

  /**
   * The first owner in turn with an item for which `pick` finds work, and that work (the first such
   * item of the owner). The owner moves to the back of the line.
   */
  next<F>(pick: (item: T) => F | undefined): { item: T; found: F } | undefined {
    for (const [owner, line] of this.lines) {
      for (const item of line) {
        const found = pick(item);
        if (found === undefined) continue;
        this.lines.delete(owner);
        this.lines.set(owner, line);
        return { item, found };
      }
    }
    return undefined;
  }
}
