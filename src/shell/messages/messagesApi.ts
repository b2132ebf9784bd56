import { api } from '../../api/api.ts';
import {
  type Envelope,
  type MessageDetail,
  type MessageListAnswer,
  type MessageSummary,
  PATHS,
  type Page,
} from '../../shared/api/contract.ts';
import { MESSAGE_PAGE_SIZE } from '../../shared/constants.ts';

/** Tag of the summary list; a type's message pages carry the type as id. */
export const SUMMARY_TAG = { type: 'Messages', id: 'SUMMARY' } as const;

const emptyPage = (): Page<MessageDetail> => ({ records: [], total: 0, pages: 0, size: MESSAGE_PAGE_SIZE });

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    messageSummaries: build.query<MessageSummary[], void>({
      query: () => ({ url: PATHS.messageList }),
      transformResponse: (answer: MessageListAnswer) => answer.datas ?? [],
      providesTags: [SUMMARY_TAG],
    }),
    /** A type's messages, 10 per page; `fetchNextPage` loads the next 10 (infinite scroll). */
    messageDetails: build.infiniteQuery<Page<MessageDetail>, string, number>({
      query: ({ queryArg, pageParam }) => ({
        url: PATHS.messageDetail,
        body: { messageType: queryArg, page_no: pageParam, size: MESSAGE_PAGE_SIZE },
      }),
      transformResponse: (answer: Envelope<Page<MessageDetail>>) => answer.data ?? emptyPage(),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) =>
          lastPageParam < lastPage.pages ? lastPageParam + 1 : undefined,
      },
      providesTags: (_result, _error, messageType) => [{ type: 'Messages', id: messageType }],
    }),
  }),
});

export const { useMessageSummariesQuery, useMessageDetailsInfiniteQuery } = messagesApi;

/** After a new notification: the summaries and every open message list are stale. */
export const invalidateMessages = () => api.util.invalidateTags(['Messages']);

/** After reading a type's messages: its unread count on the summary list is stale. */
export const invalidateSummaries = () => api.util.invalidateTags([SUMMARY_TAG]);
