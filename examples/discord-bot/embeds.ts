/**
 * Discord's embed limits (its API documentation, "Embed limits"):
 * title 256, description 4096, at most 25 fields, field name 256 and value 1024, footer 2048,
 * author name 256, and 6000 characters over all of them. `fitEmbed` truncates with an ellipsis
 * so a long summary or a long roster report never makes Discord refuse the message.
 */

export interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface Embed {
  title?: string;
  description?: string;
  color?: number;
  fields?: EmbedField[];
  footer?: { text: string };
  author?: { name: string };
  image?: { url: string };
}

export const LIMITS = { title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024, footer: 2048, author: 256, total: 6000 } as const;

/** A message's own text (`content`) holds at most 2,000 characters; a message at most 10 embeds, 6,000 characters over all of them. */
export const MESSAGE_LIMITS = { content: 2000, embeds: 10, embedsTotal: 6000 } as const;

const ELLIPSIS = '…';

/** `text` cut to at most `max` characters (code points), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max - 1)).join('') + ELLIPSIS;
}

const length = (text: string | undefined) => (text ? Array.from(text).length : 0);

/** Characters Discord counts towards the 6000 total. */
export function embedLength(e: Embed): number {
  return length(e.title) + length(e.description) + length(e.footer?.text) + length(e.author?.name) + (e.fields ?? []).reduce((n, f) => n + length(f.name) + length(f.value), 0);
}

/** The embed within every limit: each member truncated, fields beyond 25 dropped, then the total kept ≤ 6000. */
export function fitEmbed(embed: Embed): Embed {
  const e: Embed = { ...embed };
  if (e.title !== undefined) e.title = truncate(e.title, LIMITS.title);
  if (e.description !== undefined) e.description = truncate(e.description, LIMITS.description);
  if (e.footer) e.footer = { text: truncate(e.footer.text, LIMITS.footer) };
  if (e.author) e.author = { name: truncate(e.author.name, LIMITS.author) };
  if (e.fields) {
    const fields = e.fields.map((f) => ({ ...f, name: truncate(f.name || '\u200b', LIMITS.fieldName), value: truncate(f.value || '\u200b', LIMITS.fieldValue) }));
    if (fields.length > LIMITS.fields) {
      const hidden = fields.length - (LIMITS.fields - 1);
      fields.splice(LIMITS.fields - 1, fields.length, { name: ELLIPSIS, value: `${hidden} more not shown` });
    }
    e.fields = fields;
  }
  // over the total: shorten the description, then drop fields from the end
  let excess = embedLength(e) - LIMITS.total;
  if (excess > 0 && e.description) {
    e.description = truncate(e.description, Math.max(1, length(e.description) - excess));
    excess = embedLength(e) - LIMITS.total;
  }
  while (excess > 0 && e.fields && e.fields.length > 0) {
    e.fields = e.fields.slice(0, -1);
    excess = embedLength(e) - LIMITS.total;
  }
  return e;
}

/**
 * A whole reply within Discord's message limits: `content` ≤ 2,000 characters, each embed within
 * its limits (fitEmbed), at most 10 embeds and 6,000 characters over all of them (the last embeds
 * are dropped first).
 */
export function fitReply<T extends { content?: string; embeds?: Embed[] }>(payload: T): T {
  const out = { ...payload };
  if (out.content !== undefined) out.content = truncate(out.content, MESSAGE_LIMITS.content);
  if (out.embeds) {
    let embeds = out.embeds.slice(0, MESSAGE_LIMITS.embeds).map(fitEmbed);
    while (embeds.length > 1 && embeds.reduce((n, e) => n + embedLength(e), 0) > MESSAGE_LIMITS.embedsTotal) embeds = embeds.slice(0, -1);
    out.embeds = embeds;
  }
  return out;
}
