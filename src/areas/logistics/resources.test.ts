import {
  allowedTransitions,
  checkTransition,
  shownValue,
  validateRecord,
} from '../../framework/resource/index.ts';
import { BUSINESS_ROUTES } from '../index.ts';
import { LOGISTICS_DICTIONARIES } from './dictionaries.ts';
import { dispatchStation, movement, transportRoute } from './resources.ts';

const problems = (decl: Parameters<typeof validateRecord>[0], input: Record<string, unknown>) =>
  Object.fromEntries(validateRecord(decl, input).map((p) => [p.field, p.message]));

describe('dispatch stations', () => {
  const station = { name: '乌鲁木齐北站', kind: 'rail', railwayBureau: '乌鲁木齐局' };

  test('a station handling rail freight names its railway bureau; a road depot need not', () => {
    expect(problems(dispatchStation, station)).toEqual({});
    expect(problems(dispatchStation, { ...station, railwayBureau: '' })).toEqual({
      railwayBureau: 'validation.railwayBureauForRail',
    });
    expect(problems(dispatchStation, { ...station, kind: 'both', railwayBureau: '' })).toEqual({
      railwayBureau: 'validation.railwayBureauForRail',
    });
    expect(problems(dispatchStation, { ...station, kind: 'road', railwayBureau: '' })).toEqual({});
  });

  test('stations are switched off, not lost', () => {
    expect(allowedTransitions(dispatchStation, 'enabled', ['disable']).map((t) => t.action)).toEqual([
      'disable',
    ]);
  });
});

describe('transport routes', () => {
  const route = { mode: 'rail', fromStationId: '1', toStationId: '2', freightRate: '310.50' };

  test('a route needs a freight rate in fen and two different stations', () => {
    expect(problems(transportRoute, route)).toEqual({});
    expect(problems(transportRoute, { ...route, toStationId: '1', freightRate: '310.505' })).toEqual({
      toStationId: 'validation.notSameStation',
      freightRate: 'validation.type.money',
    });
    expect(problems(transportRoute, { ...route, freightRate: '-1' })).toEqual({
      freightRate: 'validation.min',
    });
  });

  test('the rail and road screens show the one declaration narrowed by mode', () => {
    const scopes = BUSINESS_ROUTES.filter((r) => r.resource === transportRoute.key).map((r) => [
      r.key,
      r.scope,
    ]);
    expect(scopes).toEqual([
      ['QmRailway', { mode: 'rail' }],
      ['QmRoad', { mode: 'road' }],
    ]);
    expect(transportRoute.list.filters).toContain('mode');
    expect(transportRoute.form?.fields).toContain('mode');
  });
});

describe('movements', () => {
  const transfer = {
    movementNo: 'YK2611001',
    mode: 'transfer',
    batchNo: '65001251001',
    fromWarehouseId: '1',
    toWarehouseId: '2',
    conditionedWeight: '40.1234',
  };

  test('a transfer or short haul goes to another warehouse; a rail or road leg may end at a destination', () => {
    expect(problems(movement, transfer)).toEqual({});
    expect(problems(movement, { ...transfer, toWarehouseId: '' })).toEqual({
      toWarehouseId: 'validation.toWarehouseForMove',
    });
    expect(problems(movement, { ...transfer, mode: 'shortHaul', toWarehouseId: '1' })).toEqual({
      toWarehouseId: 'validation.notSameWarehouse',
    });
    const leg = { ...transfer, mode: 'rail', toWarehouseId: '' };
    expect(problems(movement, leg)).toEqual({ destination: 'validation.destinationForLeg' });
    expect(problems(movement, { ...leg, destination: '郑州纺织厂' })).toEqual({});
    expect(problems(movement, { ...leg, toWarehouseId: '2' })).toEqual({});
  });

  test('arrival cannot precede departure; weight and freight are exact decimals', () => {
    expect(
      problems(movement, { ...transfer, departureDate: '2026-11-20', arrivalDate: '2026-11-19' }),
    ).toEqual({ arrivalDate: 'validation.notBeforeDeparture' });
    expect(
      problems(movement, { ...transfer, departureDate: '2026-11-20', arrivalDate: '2026-11-20' }),
    ).toEqual({});
    expect(problems(movement, { ...transfer, conditionedWeight: '0', freight: '12.345' })).toEqual({
      conditionedWeight: 'validation.min',
      freight: 'validation.type.money',
    });
  });

  test('freight per tonne is exact to the fen', () => {
    expect(
      shownValue(movement, { freight: '12458.77', conditionedWeight: '40.1234' }, 'freightPerTonne'),
    ).toBe('310.51');
    expect(
      shownValue(movement, { freight: null, conditionedWeight: '40.1234' }, 'freightPerTonne'),
    ).toBeNull();
  });

  test('planned → in transit → arrived, or cancelled with a reason before departure only', () => {
    const all = ['depart', 'arrive', 'void'];
    const actions = (state: string) => allowedTransitions(movement, state, all).map((t) => t.action);
    expect(actions('planned')).toEqual(['depart', 'cancelMovement']);
    expect(actions('inTransit')).toEqual(['arrive']);
    expect(actions('arrived')).toEqual([]);
    expect(checkTransition(movement, 'planned', { action: 'cancelMovement' }, all)).toMatchObject({
      reason: 'commentRequired',
    });
    expect(checkTransition(movement, 'planned', { action: 'depart' }, ['view'])).toMatchObject({
      reason: 'forbidden',
    });
  });

  test('each /pri/ transport screen is the movement list of one mode, and every mode and state is seeded', () => {
    const scopes = Object.fromEntries(
      BUSINESS_ROUTES.filter((r) => r.resource === movement.key && r.prefix === 'pri').map((r) => [
        r.key,
        r.scope?.mode,
      ]),
    );
    expect(scopes).toEqual({ QmDdYs: 'shortHaul', QmTlYs: 'rail', QmGlYs: 'road', QmYkDetail: 'transfer' });
    const values = (code: string) => LOGISTICS_DICTIONARIES[code]?.map((e) => e.value);
    expect(new Set(values('movementMode'))).toEqual(new Set(Object.values(scopes)));
    expect(values('movementState')).toEqual(Object.keys(movement.workflow!.states));
  });
});
