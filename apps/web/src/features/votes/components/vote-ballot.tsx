import type { VoteResponse } from '@lectern/contracts/votes/votes.schemas';
import { optionLetters } from '@lectern/contracts/votes/vote-options';
import { Alert, App, Button, Checkbox, Flex, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCastVote } from '../api/cast-vote.ts';

/**
 * A student's ballot: one radio per option in a single-choice vote, checkboxes in a multiple-choice one.
 * The ballot can be changed until the vote ends; the options stack, so it fits a 360 px screen.
 */
export function VoteBallot({ vote }: { vote: VoteResponse }) {
  const { t } = useTranslation('votes');
  const { message } = App.useApp();
  const cast = useCastVote(vote.id);
  const { data } = vote.interaction;
  const letters = optionLetters(data.vote_option_items);
  const [chosen, setChosen] = useState<string[]>(vote.my_votes ?? []);
  const optionLabel = (letter: string) => `${letter}. ${data.vote_option_items[letter] ?? ''}`;
  const single = data.vote_type === 'single';
  const disabled = !vote.can_vote || cast.isPending;

  const submit = () => {
    cast.mutate(chosen, {
      onSuccess: () => void message.success(t('ballot.saved')),
      onError: (error) => void message.error(error instanceof Error ? error.message : String(error)),
    });
  };

  const legend = single ? t('ballot.chooseOne') : t('ballot.chooseSome');
  return (
    <Flex vertical gap={12}>
      <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <legend style={{ fontSize: 14, marginBottom: 8 }}>{legend}</legend>
        {single ? (
          <Radio.Group
            value={chosen[0]}
            disabled={disabled}
            onChange={(event) => setChosen([event.target.value as string])}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={letters.map((letter) => ({ value: letter, label: optionLabel(letter) }))}
          />
        ) : (
          <Checkbox.Group
            value={chosen}
            disabled={disabled}
            onChange={(values) => setChosen(values)}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={letters.map((letter) => ({ value: letter, label: optionLabel(letter) }))}
          />
        )}
      </fieldset>
      {vote.my_votes ? (
        <Alert
          type="success"
          showIcon
          title={t('ballot.yourVote', { choices: vote.my_votes.join(', ') })}
          description={vote.can_vote ? t('ballot.canChange') : undefined}
        />
      ) : null}
      {vote.can_vote ? (
        <Button type="primary" block onClick={submit} loading={cast.isPending} disabled={chosen.length === 0}>
          {vote.my_votes ? t('ballot.change') : t('ballot.submit')}
        </Button>
      ) : null}
    </Flex>
  );
}
