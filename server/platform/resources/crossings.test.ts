// Areas reach each other by what they declare: reactions to an event (any number), answers to a question
// (exactly one, checked when the app starts) and guards of an operation (any number, the first refusal wins).

import { buildApp } from '../../app.ts';
import { compose, SERVER_AREAS } from '../../areas/index.ts';
import { TEST_TENANT } from '../../test/harness.ts';
import type { Db } from '../db/index.ts';
import { answer, gatherCrossings, react, refusal } from './crossings.ts';
import type { HookContext } from './storage.ts';

const hook = {} as HookContext;

test('a question no composed area answers stops the app before it serves anything', async () => {
  const withoutPayments = compose(SERVER_AREAS.filter((area) => area.key !== 'payments'));
  await expect(buildApp({ ...withoutPayments, db: {} as Db, tenant: TEST_TENANT })).rejects.toThrow(
    "The contracts area asks 'creditHeadroom', which no composed area answers",
  );
  expect(() => gatherCrossings([{ key: 'a', asks: ['rate'] }])).toThrow("The a area asks 'rate'");
});

test('a question two areas answer is refused too', () => {
  const rate = async () => '1';
  expect(() =>
    gatherCrossings([
      { key: 'a', answers: { rate } },
      { key: 'b', answers: { rate } },
    ]),
  ).toThrow("Several composed areas answer 'rate'");
});

test('the one answering area answers; every reaction runs in order; the first refusal is the answer', async () => {
  const crossings = gatherCrossings([
    { key: 'a', asks: ['rate'], reactions: { saved: async () => 'a booked it' } },
    {
      key: 'b',
      answers: { rate: async (_hook, { day }: { day: string }) => `rate of ${day}` },
      reactions: { saved: async () => undefined },
      guards: { split: async () => null },
    },
    { key: 'c', reactions: { saved: async () => 'c warned' }, guards: { split: async () => '有挂单' } },
  ]);
  expect(await answer(crossings, hook, 'rate', { day: '2026-11-23' })).toBe('rate of 2026-11-23');
  expect(await react(crossings, hook, 'saved', {})).toEqual(['a booked it', 'c warned']);
  expect(await refusal(crossings, hook, 'split', {})).toBe('有挂单');
  expect(await refusal(crossings, hook, 'merge', {})).toBeNull();
});
