import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { copyTemplate } from '../api/copy-template';
import { createProtocol } from '../api/create-protocol';
import { deleteProtocol } from '../api/delete-protocol';
import { duplicateProtocol } from '../api/duplicate-protocol';
import { PROTOCOLS_PATH } from '../api/keys';
import type { Protocol, ProtocolPage, ProtocolTemplate } from '../api/types';
import { BUILDER_TOASTS } from '../builder-messages';
import type { ProtocolFields } from '../forms/protocol-form-rules';
import { useBuilder } from './builder-context';
import { builderToast } from './builder-toast-store';
import { failureMessage } from './failure-message';

/** The SWR keys of the protocol list pages and searches. */
function isListKey(key: unknown): boolean {
  return typeof key === 'string' && (key.startsWith(`${PROTOCOLS_PATH}?`) || key.startsWith(`${PROTOCOLS_PATH}/search`));
}

/**
 * The list-level calls (create, copy a template, duplicate, delete), each with its toast, its transition and the
 * protocol lists refetched (the socket does it too, but this device should not wait for it).
 */
export function useProtocolActions() {
  const { t } = useTranslation('builder');
  const { dispatch } = useBuilder();
  const { mutate } = useSWRConfig();

  const refreshLists = useCallback(() => mutate(isListKey), [mutate]);
  /** A deleted protocol leaves every list on screen at once, before their refetch answers. */
  const dropFromLists = useCallback(
    (protocolId: number) =>
      mutate<ProtocolPage>(isListKey, (page) => page && { ...page, data: page.data.filter((item) => item.protocol_id !== protocolId) }, {
        revalidate: false,
      }),
    [mutate],
  );

  const attempt = useCallback(
    async <T,>(work: () => Promise<T>, success: string): Promise<T | null> => {
      try {
        const result = await work();
        builderToast.success(success);
        void refreshLists();
        return result;
      } catch (error) {
        builderToast.error(failureMessage(error, t));
        return null;
      }
    },
    [refreshLists, t],
  );

  return useMemo(
    () => ({
      select: (protocol: Protocol) => dispatch({ type: 'protocolSelected', protocol }),
      create: async (fields: ProtocolFields) => {
        const created = await attempt(
          () => createProtocol({ name: fields.name.trim(), description: fields.description.trim() }),
          t(BUILDER_TOASTS.protocolCreated),
        );
        if (created) dispatch({ type: 'protocolCreated', protocol: created });
        return created !== null;
      },
      /** The template's lines with their notes go along as they are; name and description as adapted. */
      copyTemplate: async (template: ProtocolTemplate, fields: ProtocolFields) => {
        const reply = await attempt(
          () =>
            copyTemplate({
              protocol_template_id: template.id,
              name: fields.name.trim(),
              description: fields.description.trim(),
              protocol_line_items: template.protocol_line_items,
            }),
          t(BUILDER_TOASTS.templateAdded),
        );
        if (reply) dispatch({ type: 'protocolCreated', protocol: reply.data });
        return reply !== null;
      },
      duplicate: async (protocolId: number) => {
        const reply = await attempt(() => duplicateProtocol(protocolId), t(BUILDER_TOASTS.protocolDuplicated));
        if (reply) dispatch({ type: 'protocolDuplicated', protocol: reply.data });
        return reply !== null;
      },
      remove: async (protocolId: number) => {
        const reply = await attempt(() => deleteProtocol(protocolId), t(BUILDER_TOASTS.protocolDeleted));
        if (reply) {
          void dropFromLists(protocolId);
          dispatch({ type: 'protocolDeleted', protocolId });
        }
        return reply !== null;
      },
    }),
    [attempt, dispatch, dropFromLists, t],
  );
}
