import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider.js';
import { givenFor } from '../shared/decider.testing.js';
import type { ConsumeLot, ProduceLot, ReceiveLot } from './lot.commands.js';
import { lotDecider } from './lot.decider.js';
import type { LotEvent } from './lot.events.js';

const given = givenFor(lotDecider);
const at = '2026-12-02T08:00:00.000Z';
const lotId = '00000000-0000-4000-8000-000000000101';
const steel = { materialId: 'm-steel', materialName: 'Rundstahl S355', materialNumber: 'S-355', unit: 'kg' };

const receive = (overrides: Partial<ReceiveLot> = {}): ReceiveLot => ({
  type: 'ReceiveLot',
  lotId,
  number: 'LOT-000001',
  order: { orderId: 'o-log', orderNumber: '000007', supplier: 'Stahlhandel Ruhr', kind: 'logistics', status: 'delivered' },
  material: { ...steel, onOrder: true },
  supplierLotNumber: 'H-48213',
  quantity: 100,
  receivedOn: '2026-12-02',
  at,
  ...overrides,
});

const received: LotEvent = {
  type: 'LotReceived',
  data: {
    lotId,
    number: 'LOT-000001',
    ...steel,
    orderId: 'o-log',
    orderNumber: '000007',
    supplier: 'Stahlhandel Ruhr',
    supplierLotNumber: 'H-48213',
    quantity: 100,
    receivedOn: '2026-12-02',
    at,
  },
};

const consume = (quantity: number, order: ConsumeLot['order'] = { orderId: 'o-prod', orderNumber: '000009', kind: 'production', status: 'in-progress' }) =>
  ({ type: 'ConsumeLot', order, quantity, consumedBy: 'op-1', at }) satisfies ConsumeLot;

const consumed = (quantity: number): LotEvent => ({
  type: 'LotConsumed',
  data: { lotId, orderId: 'o-prod', orderNumber: '000009', quantity, consumedBy: 'op-1', at },
});

describe('a lot', () => {
  it('is received from a logistics order whose goods arrived, for a material it brought', () => {
    given().when(receive()).then([received]);
    given()
      .when(receive({ order: { orderId: 'o-log', orderNumber: '000007', supplier: 'S', kind: 'logistics', status: 'ordered' } }))
      .thenError('LOT_ORDER_NOT_RECEIVED');
    given()
      .when(receive({ order: { orderId: 'o', orderNumber: '1', supplier: 'S', kind: 'customer', status: 'delivered' } }))
      .thenError('VALIDATION_ERROR', [{ path: 'orderId', message: 'lots.validation.order' }]);
    given()
      .when(receive({ material: { ...steel, onOrder: false } }))
      .thenError('VALIDATION_ERROR', [{ path: 'materialId', message: 'lots.validation.material' }]);
  });

  it('is consumed by a production order down to nothing, never below (lotCannotGoBelowZero)', () => {
    given(received)
      .when(consume(60))
      .then([consumed(60)]);
    given(received, consumed(60.1))
      .when(consume(39.9))
      .then([consumed(39.9)]);
    given(received, consumed(60))
      .when(consume(40.001))
      .thenError('LOT_REMAINING_EXCEEDED', [
        { path: 'quantity', message: 'errors.LOT_REMAINING_EXCEEDED', params: { remaining: 40, unit: 'kg', lot: 'LOT-000001' } },
      ]);
  });

  it('is consumed as the component the station names, never as another material', () => {
    given(received)
      .when({ ...consume(5), materialId: 'm-steel' })
      .then([consumed(5)]);
    given(received)
      .when({ ...consume(5), materialId: 'm-sheet' })
      .thenError('VALIDATION_ERROR', [{ path: 'lot', message: 'lots.validation.otherMaterial', params: { lot: 'LOT-000001', material: 'Rundstahl S355' } }]);
  });

  it('made of a material with serial numbers gets one serial per piece, each once (serialPerPiece)', () => {
    const produce = (serials: string[] | undefined, quantity = 2): ProduceLot => ({
      type: 'ProduceLot',
      lotId,
      number: 'LOT-000002',
      material: { materialId: 'm-bike', materialName: 'City bike', materialNumber: 'B-1', unit: 'Stk' },
      orderId: 'o-prod',
      orderNumber: '000009',
      quantity,
      ...(serials ? { serials } : {}),
      at,
    });
    const produced: LotEvent = {
      type: 'LotProduced',
      data: {
        lotId,
        number: 'LOT-000002',
        materialId: 'm-bike',
        materialName: 'City bike',
        materialNumber: 'B-1',
        unit: 'Stk',
        orderId: 'o-prod',
        orderNumber: '000009',
        quantity: 2,
        at,
      },
    };
    given().when(produce(undefined)).then([produced]);
    given()
      .when(produce(['SN-000001', 'SN-000002']))
      .then([produced, { type: 'LotSerialsAssigned', data: { lotId, serials: ['SN-000001', 'SN-000002'], at } }]);
    const refused = [{ path: 'serials', message: 'lots.validation.serialPerPiece' }];
    given()
      .when(produce(['SN-000001']))
      .thenError('VALIDATION_ERROR', refused);
    given()
      .when(produce(['SN-000001', 'SN-000001']))
      .thenError('VALIDATION_ERROR', refused);
    given()
      .when(produce(['SN-000001', 'SN-000002'], 2.5))
      .thenError('VALIDATION_ERROR', refused);
    const state = foldEvents(lotDecider, [produced, { type: 'LotSerialsAssigned', data: { lotId, serials: ['SN-000001', 'SN-000002'], at } }]);
    expect(state.status === 'recorded' && state.serials).toEqual(['SN-000001', 'SN-000002']);
  });

  it('is consumed by production orders only', () => {
    given(received)
      .when(consume(1, { orderId: 'o-c', orderNumber: '1', kind: 'customer', status: 'in-progress' }))
      .thenError('VALIDATION_ERROR', [{ path: 'orderId', message: 'lots.validation.productionOrder' }]);
    given().when(consume(1)).thenError('NOT_FOUND');
  });
});
