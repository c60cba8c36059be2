export { CLIENT_CLOSE_CODES, CLOSE_CODES } from './close-codes';
export { RealtimeProvider } from './realtime-provider';
export { fetchSocketTicket } from './socket-ticket';
export { getRealtimeStatus, startRealtime } from './realtime';
export type { RealtimeState, RealtimeStatus } from './realtime-client';
export {
  notifyTopic,
  registerRefetch,
  registerTopic,
  topicRegistry,
  type RealtimeEvent,
  type TopicHandler,
} from './topic-registry';
export { useRealtimeKey } from './use-realtime-key';
export { useRealtimeStatus } from './use-realtime-status';
