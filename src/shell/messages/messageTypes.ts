import { MESSAGE_TYPES } from '../../shared/api/contract.ts';

type KnownType = (typeof MESSAGE_TYPES)[number];

const isKnownType = (messageType: string): messageType is KnownType =>
  (MESSAGE_TYPES as readonly string[]).includes(messageType);

/** i18n key of a message type's name (spec 2.15); any unknown type (e.g. 101) is a trading-platform message. */
export const messageTypeKey = (messageType: string) =>
  isKnownType(messageType) ? `messages.types.${messageType}` : 'messages.types.platform';
