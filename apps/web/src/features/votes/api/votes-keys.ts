/** Every vote query sits under this prefix, so a push event or a ballot refreshes all it may touch. */
export const votesQueryKey = ['votes'] as const;

export const voteQueryKey = (voteId: number) => [...votesQueryKey, voteId] as const;
