/** Schemas of feed tokens (CONTRACT §7.2): the issuing body and answer, and the streams' `?token=`. */
import { Type } from '@sinclair/typebox';
import { MAX_FEED_TOKEN_TTL_SECONDS } from './feed-tokens.js';

export const FeedTokenBody = Type.Object(
  {
    ttlSeconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_FEED_TOKEN_TTL_SECONDS,
        description: `A shorter lifetime than the configured one (FEED_TOKEN_TTL_SECONDS, default and maximum ${MAX_FEED_TOKEN_TTL_SECONDS}).`,
      }),
    ),
  },
  { description: 'Optional: the request may have no body at all.' },
);

export const FeedTokenCreated = Type.Object({
  token: Type.String({ description: 'A compact JWS (EdDSA): send it as `?token=` to the stream of this resource only.' }),
  expiresAt: Type.String({ format: 'date-time', description: 'When the token stops opening streams (at most 10 minutes after issue).' }),
});

export const FeedTokenQuery = Type.Object({
  token: Type.Optional(
    Type.String({
      description: 'A feed token (POST …/feed-tokens) in place of the Authorization header, for browsers’ EventSource. When present it alone authenticates the request.',
    }),
  ),
});
