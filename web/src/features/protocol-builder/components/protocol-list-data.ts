import { useEffect } from 'react';

import { FIRST_PAGE, PROTOCOL_PAGE_SIZE, type ProtocolSort } from '../api/keys';
import { useProtocols } from '../api/list-protocols';
import { useProtocolSearch } from '../api/search-protocols';
import type { Protocol, ProtocolPaging } from '../api/types';
import { useBuilder } from './builder-context';

export interface ListData {
  protocols: Protocol[];
  page: number;
  totalPages: number;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

function byName(sort: ProtocolSort) {
  return (left: Protocol, right: Protocol) =>
    sort === 'name_desc' ? right.name.localeCompare(left.name) : left.name.localeCompare(right.name);
}

/**
 * One page of the list: the server's pages of 5 in the chosen order, or, while a query is typed, the
 * search's matches (up to 50 in one answer) sorted and paged here the same way.
 */
export function useProtocolListData(query: string, sort: ProtocolSort, page: number): ListData {
  const { dispatch } = useBuilder();
  const searching = query.trim() !== '';
  const list = useProtocols({ page, sort }, !searching);
  const search = useProtocolSearch(query);

  // The reducer keeps the page on screen (duplicates and deletes edit it until the next answer).
  useEffect(() => {
    if (!searching && list.data) {
      const { data, ...paging } = list.data;
      dispatch({ type: 'protocolsRefreshed', protocols: data, paging: paging satisfies ProtocolPaging });
    }
  }, [dispatch, list.data, searching]);

  if (!searching) {
    return {
      protocols: list.data?.data ?? [],
      page: list.data?.current_page ?? page,
      totalPages: list.data?.total_pages ?? 0,
      loading: list.isLoading,
      failed: list.error !== undefined && !list.data,
      retry: () => void list.mutate(),
    };
  }
  const matches = [...(search.data?.data ?? [])];
  if (sort !== 'default') matches.sort(byName(sort));
  const totalPages = Math.ceil(matches.length / PROTOCOL_PAGE_SIZE);
  const current = Math.min(Math.max(FIRST_PAGE, page), Math.max(FIRST_PAGE, totalPages));
  return {
    protocols: matches.slice((current - 1) * PROTOCOL_PAGE_SIZE, current * PROTOCOL_PAGE_SIZE),
    page: current,
    totalPages,
    loading: search.isLoading,
    failed: search.error !== undefined && !search.data,
    retry: () => void search.mutate(),
  };
}
