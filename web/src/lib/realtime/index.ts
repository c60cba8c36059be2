export { CLIENT_CLOSE_CODES, CLOSE_CODES } from './close-codes';
export { RealtimeProvider } from './realtime-provider';
export { fetchSocketTicket } from './socket-ticket';
export { notifyTopic, registerTopic, topicRegistry } from './topic-registry';
export { useRealtimeKey } from './use-realtime-key';
