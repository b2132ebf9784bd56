// The files the price import reads: the exchange's own .txt (columns split by |, padded, in GB18030), a CSV
// in UTF-8, a table pasted as text; any other kind of file is refused in words.
import { readQuoteSheet } from '../../../src/domain/futures.ts';
import { BusinessError } from '../../platform/http/envelope.ts';
import { priceSheet } from './quoteFile.ts';

/** The exchange's daily .txt of 20 November 2026 (one CF month and its subtotal), in GB18030 as published. */
const EXCHANGE_TXT = Buffer.from(
  [
    'd6a3d6ddc9ccc6b7bdbbd2d7cbf9c6dabbf5c3bfc8d5d0d0c7e9b1ed28323032362d31312d3230290ac6b7d6d6d4c2b7dd20',
    '2020207cd7f2bde1cbe32020202020207cbdf1bfaac5cc2020202020207cd7eeb8dfbcdb2020202020207cd7eeb5cdbcdb20',
    '20202020207cbdf1cad5c5cc2020202020207cbdf1bde1cbe32020202020207cd5c7b5f83120207cd5c7b5f83220207cb3c9',
    'bdbbc1bf28cad62920207cbfd5c5ccc1bf2020202020207cd4f6bcf5c1bf2020207cb3c9bdbbb6ee28cdf2d4aa2920207cbd',
    'bbb8eebde1cbe3bcdb0a4346373031202020202020207c31342c3735302e30302020207c31342c3736302e30302020207c31',
    '342c3838302e30302020207c31342c3730302e30302020207c31342c3835302e30302020207c31342c3832302e3030202020',
    '7c3130302e3030207c37302e303020207c3231352c34333220202020207c3631322c33343520202020207c2d312c32333420',
    '20207c312c3539362c3738392e313220207c302e30300a4346d0a1bcc62020202020207c2020202020202020202020207c20',
    '20202020202020202020207c2020202020202020202020207c2020202020202020202020207c202020202020202020202020',
    '7c2020202020202020202020207c202020202020207c202020202020207c3231352c34333220202020207c3631322c333435',
    '20202020207c2d312c3233342020207c312c3539362c3738392e313220207c0a',
  ].join(''),
  'hex',
);

describe('the price file as the import reads it', () => {
  test('the exchange’s .txt in GB18030 with | between padded columns', async () => {
    const sheet = await priceSheet('FutureDataDaily.txt', EXCHANGE_TXT.toString('base64'));
    expect(readQuoteSheet(sheet)).toEqual({
      tradeDate: '2026-11-20',
      skipped: 0,
      problems: [],
      rows: [
        {
          line: 3,
          tradeDate: '2026-11-20',
          futuresMonth: 'CF2701',
          lastPrice: '14850.00',
          settlementPrice: '14820.00',
          openPrice: '14760.00',
          highPrice: '14880.00',
          lowPrice: '14700.00',
          closePrice: '14850.00',
          volume: 215432,
          openInterest: 612345,
        },
      ],
    });
  });

  test('a CSV in UTF-8 with its byte-order mark, and pasted text, keep the file’s line numbers', async () => {
    const csv = Buffer.from('\uFEFF交易日期,合约,最新价\n\n2026-11-20,CF701,14850\n', 'utf8').toString(
      'base64',
    );
    expect(await priceSheet('prices.csv', csv)).toEqual([
      ['交易日期', '合约', '最新价'],
      [],
      ['2026-11-20', 'CF701', '14850'],
      [],
    ]);
    expect(await priceSheet(undefined, '2026-11-20\tCF701\t14850')).toEqual([
      ['2026-11-20', 'CF701', '14850'],
    ]);
  });

  test('refuses another kind of file, and an .xlsx that is not one', async () => {
    await expect(priceSheet('prices.pdf', 'AAAA')).rejects.toThrow(
      /只能导入 .xlsx、.csv 或交易所的 .txt 文件/,
    );
    await expect(
      priceSheet('prices.xlsx', Buffer.from('not a workbook').toString('base64')),
    ).rejects.toBeInstanceOf(BusinessError);
  });
});
