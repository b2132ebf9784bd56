// Interval warnings on the server: the bands (IntervalWarn) with the people they tell, the reaction to every
// futures price saved (pricing's FUTURES_PRICE_SAVED, entered or imported) that raises a warning when the
// price leaves a band — once per crossing, by src/domain/priceBands.ts against the last price the band saw —
// and tells the band's people live through the message centre, and the acknowledgement of a warning by one
// of them, with a comment.

import { futuresMonth } from '../../../src/domain/futures.ts';
import { bandCrossing, priceBandProblem } from '../../../src/domain/priceBands.ts';
import { badRequest, forbidden } from '../../platform/http/envelope.ts';
import { sendFromHook } from '../../platform/messages/store.ts';
import { publishChange } from '../../platform/realtime/events.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type {
  CommandService,
  HookContext,
  ResourceStorage,
  StoredRecord,
} from '../../platform/resources/storage.ts';
import type { FuturesPriceSaved } from '../pricing/index.ts';

/** 业务提醒: the message-centre type of a price warning. */
export const PRICE_WARNING_MESSAGE_TYPE = '1000003';
const TOPICS = ['furRiskManage/IntervalWarning', 'furRiskManage/IntervalWarn'];

const given = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

const idsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : given(value) ? [value] : []).map(String).filter((id) => id !== '');

/** At least one line, the lower below the upper: refused on the field to correct. */
function bandLinesChecked(record: Record<string, unknown>) {
  const band = { lower: given(record.lowerPrice) ?? null, upper: given(record.upperPrice) ?? null };
  const wrong = priceBandProblem(band);
  if (wrong)
    throw new FieldErrors(
      wrong.code === 'bandInverted' ? { upperPrice: wrong.message } : { lowerPrice: wrong.message },
    );
}

/** A band saved: its people written (each a user). */
async function saveBand(hook: HookContext, id: string, record: StoredRecord) {
  const recipients = [...new Set(idsOf(record.recipientIds))];
  if (recipients.length === 0) throw new FieldErrors({ recipientIds: '请选择至少一位通知人' });
  const known = await hook.db.query<{ id: string }>(
    'select id::text from users where id::text = any($1::text[])',
    [recipients],
  );
  if (known.length !== recipients.length) throw new FieldErrors({ recipientIds: '通知人中有不存在的用户' });
  await hook.db.query('delete from price_band_recipients where band_id = $1', [id]);
  await hook.db.query(
    'insert into price_band_recipients (band_id, user_id) select $1, unnest($2::bigint[])',
    [id, recipients],
  );
}

export const priceBandStorage: ResourceStorage = {
  table: 'price_bands',
  columns: {
    recipientIds: {
      read: 'array(select r.user_id from price_band_recipients r where r.band_id = t.id order by r.user_id)',
    },
    openWarnings: {
      read: `(select count(*) from price_band_warnings w where w.band_id = t.id and w.status = 'open')`,
    },
    lastPrice: { read: 't.last_price' },
    lastTradeDate: { read: 't.last_trade_date' },
  },
  stamps: (hook, creating) => ({
    updated_at: hook.now,
    updated_by: hook.actor.userId,
    ...(creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  }),
  // The month in its market writing before the row is written (CF701 → CF2701, read against the business day).
  // Its lines are checked here too, before the row meets the table's own checks.
  // A band moved to another month forgets the last price it saw: that was another month's.
  lockFirst: async (db, id, record, today) => {
    if (!record) return;
    const month = futuresMonth(String(record.futuresMonth ?? ''), today);
    if (month) record.futuresMonth = month.code;
    bandLinesChecked(record);
    if (id)
      await db.query(
        `update price_bands set last_price = null, last_trade_date = null
          where id = $1 and futures_month <> $2`,
        [id, record.futuresMonth],
      );
  },
  saveExtra: saveBand,
  // A band that raised warnings stays, so they keep what they were raised against: it is disabled instead.
  onDelete: async (db, ids) => {
    const used = await db.query<{ month: string }>(
      `select distinct b.futures_month as month from price_bands b join price_band_warnings w on w.band_id = b.id
        where b.id = any($1::bigint[])`,
      [ids],
    );
    if (used.length > 0)
      throw badRequest(
        `${used.map((row) => row.month).join('、')} 的价格区间已触发过预警，不能删除，请改为停用`,
      );
  },
};

const SIDE_WORDS = { below: '跌破下限', above: '突破上限' } as const;
const shown = (price: string | null) => (price === null ? '—' : price);

/**
 * A price saved: each enabled band of its month reads it against the last price it saw (a price of an earlier
 * day than that one is history and changes nothing); a crossing raises a warning and tells the band's people.
 * The settlement counts where the row has one, else the last price. Answers how many warnings it raised.
 */
export async function warnOnCrossing(
  hook: HookContext,
  price: FuturesPriceSaved,
): Promise<string | undefined> {
  const current = price.settlementPrice ?? price.lastPrice;
  const bands = await hook.db.query<{
    id: string;
    lower: string | null;
    upper: string | null;
    lastPrice: string | null;
    lastTradeDate: string | null;
  }>(
    `select id::text, lower_price::text as lower, upper_price::text as upper, last_price::text as "lastPrice",
            to_char(last_trade_date, 'YYYY-MM-DD') as "lastTradeDate"
       from price_bands where futures_month = $1 and enabled order by id for update`,
    [price.futuresMonth],
  );
  let raised = 0;
  for (const band of bands) {
    if (band.lastTradeDate && price.tradeDate < band.lastTradeDate) continue;
    const side = bandCrossing(band.lastPrice, current, band);
    await hook.db.query('update price_bands set last_price = $2, last_trade_date = $3 where id = $1', [
      band.id,
      current,
      price.tradeDate,
    ]);
    if (!side) continue;
    const [inserted] = await hook.db.query<{ id: string }>(
      `insert into price_band_warnings (band_id, futures_month, trade_date, price, previous_price, side,
                                        lower_price, upper_price, source, raised_by, raised_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id::text`,
      [
        band.id,
        price.futuresMonth,
        price.tradeDate,
        current,
        band.lastPrice,
        side,
        band.lower,
        band.upper,
        price.source,
        hook.actor.userId,
        hook.now,
      ],
    );
    const [warning] = await hook.db.query<{ warningNo: string }>(
      `update price_band_warnings set warning_no = 'YJ' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
        where id = $1 returning warning_no as "warningNo"`,
      [inserted!.id, hook.today],
    );
    const recipients = await hook.db.query<{ loginName: string }>(
      `select u.login_name as "loginName" from price_band_recipients r join users u on u.id = r.user_id
        where r.band_id = $1 order by u.id`,
      [band.id],
    );
    const message =
      `区间预警 **${warning!.warningNo}**：${price.futuresMonth} ${price.tradeDate} 价格 ${current} ` +
      `${SIDE_WORDS[side]}（区间 ${shown(band.lower)} – ${shown(band.upper)}，前一价格 ${shown(band.lastPrice)}），请确认`;
    for (const { loginName } of recipients)
      await sendFromHook(hook, { loginName, messageType: PRICE_WARNING_MESSAGE_TYPE, message });
    raised += 1;
  }
  if (raised === 0) return undefined;
  await publishChange(hook.db, hook.channel, TOPICS);
  return `触发区间预警 ${raised} 条`;
}

/** Acknowledged by one of the people its band tells, with a comment; who and when are kept. */
const acknowledge: CommandService = async ({ db, record, input, actor, now }) => {
  const bandId = String(record?.bandId ?? '');
  const [named] = await db.query('select 1 from price_band_recipients where band_id = $1 and user_id = $2', [
    bandId,
    actor.userId,
  ]);
  if (!named) throw forbidden('只有该价格区间的通知人可以确认此预警');
  const comment = String(input.comment ?? '').trim();
  if (!comment) throw new FieldErrors({ comment: '请填写确认意见' });
  await db.query(
    `update price_band_warnings set acknowledged_by = $2, acknowledged_at = $3, acknowledge_comment = $4
      where id = $1`,
    [record?.id, actor.userId, now, comment],
  );
  return { toState: 'acknowledged', summary: `确认区间预警 ${String(record?.warningNo)}：${comment}` };
};

export const priceWarningStorage: ResourceStorage = {
  table: 'price_band_warnings',
  columns: { acknowledgeComment: { read: 't.acknowledge_comment' } },
  commands: { acknowledge },
};
