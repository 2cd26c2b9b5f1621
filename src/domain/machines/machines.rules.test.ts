import { describe, expect, it } from 'vitest';
import {
  brokerUrlProblem,
  isDuplicate,
  parseMachineMessage,
  piecesOfCounter,
  piecesToReport,
  reasonOfStopCode,
  rememberMessage,
  repeatedStopCodes,
  topicIsLinkable,
} from './machines.rules.js';

describe('machine messages (docs/integration.md, the formats)', () => {
  it('reads the json shapes', () => {
    expect(parseMachineMessage('json', '{"good":3,"scrap":1}')).toEqual({ kind: 'delta', good: 3, scrap: 1, messageId: null });
    expect(parseMachineMessage('json', '{"good":2,"id":"m-7"}')).toEqual({ kind: 'delta', good: 2, scrap: 0, messageId: 'm-7' });
    expect(parseMachineMessage('json', '{"counter":1200}')).toEqual({ kind: 'counter', total: 1200, messageId: null });
    expect(parseMachineMessage('json', '{"state":"stopped","code":"E12"}')).toEqual({ kind: 'stopped', code: 'E12', messageId: null });
    expect(parseMachineMessage('json', '{"state":"stopped","code":12}')).toEqual({ kind: 'stopped', code: '12', messageId: null });
    expect(parseMachineMessage('json', '{"state":"running"}')).toEqual({ kind: 'running', messageId: null });
  });

  it('reads a plain integer as the running total, in either format', () => {
    expect(parseMachineMessage('counter', ' 42\n')).toEqual({ kind: 'counter', total: 42, messageId: null });
    expect(parseMachineMessage('json', '42')).toEqual({ kind: 'counter', total: 42, messageId: null });
  });

  it('drops anything else', () => {
    for (const payload of [
      '',
      '-3',
      '4.5',
      'abc',
      '{"good":-1}',
      '{"good":1.5}',
      '{"good":"3"}',
      '{}',
      '[1]',
      '{"state":"paused"}',
      '{"good":1',
      'null',
      '{"good":1,"id":{}}',
    ]) {
      expect(parseMachineMessage('json', payload), payload).toBeNull();
    }
    expect(parseMachineMessage('counter', '{"good":1}')).toBeNull();
    expect(parseMachineMessage('json', '{"good":2000000000}')).toBeNull();
  });
});

describe('counters', () => {
  it('takes the first total as the baseline', () => expect(piecesOfCounter(null, 500)).toBe(0));
  it('counts the difference', () => expect(piecesOfCounter(500, 507)).toBe(7));
  it('counts nothing for the same total again (a duplicate)', () => expect(piecesOfCounter(507, 507)).toBe(0));
  it('counts the new total after a reset, never a negative', () => expect(piecesOfCounter(507, 3)).toBe(3));
});

describe('duplicates', () => {
  it('drops an id seen within the window, not after it, and never a message without an id', () => {
    const seen = rememberMessage(new Map(), 'm-1', 1_000);
    expect(isDuplicate(seen, 'm-1', 30_000)).toBe(true);
    expect(isDuplicate(seen, 'm-2', 30_000)).toBe(false);
    expect(isDuplicate(seen, 'm-1', 61_000)).toBe(false);
    expect(isDuplicate(seen, null, 2_000)).toBe(false);
    expect([...rememberMessage(seen, 'm-3', 70_000).keys()]).toEqual(['m-3']);
  });
});

describe('pieces reported', () => {
  it('never more than open at the station, good first', () => {
    expect(piecesToReport(10, 3, 1)).toEqual({ good: 3, scrap: 1 });
    expect(piecesToReport(10, 12, 1)).toEqual({ good: 10, scrap: 0 });
    expect(piecesToReport(4, 3, 5)).toEqual({ good: 3, scrap: 1 });
  });
});

describe('stop codes', () => {
  const table = [
    { code: 'E12', reasonId: 'r-material' },
    { code: 'e7', reasonId: 'r-tool' },
  ];
  it('maps a code by the table, without case, else the default', () => {
    expect(reasonOfStopCode(table, 'r-default', 'e12')).toBe('r-material');
    expect(reasonOfStopCode(table, 'r-default', 'E7')).toBe('r-tool');
    expect(reasonOfStopCode(table, 'r-default', 'X1')).toBe('r-default');
    expect(reasonOfStopCode(table, null, 'X1')).toBeNull();
  });
  it('finds a code given twice', () => expect(repeatedStopCodes([...table, { code: ' E12 ', reasonId: 'r' }])).toEqual([2]));
});

describe('settings', () => {
  it('takes mqtt and mqtts URLs only, without credentials in them', () => {
    expect(brokerUrlProblem('mqtt://broker.example.com:1883', true)).toBeNull();
    expect(brokerUrlProblem('mqtts://broker.example.com', true)).toBeNull();
    expect(brokerUrlProblem('http://broker.example.com', false)).toBe('machines.validation.brokerUrl');
    expect(brokerUrlProblem('ws://broker.example.com', false)).toBe('machines.validation.brokerUrl');
    expect(brokerUrlProblem('broker', false)).toBe('machines.validation.brokerUrl');
    expect(brokerUrlProblem('mqtt://user:secret@broker.example.com', false)).toBe('machines.validation.brokerUrlCredentials');
  });
  it('refuses private hosts in production only', () => {
    for (const url of [
      'mqtt://127.0.0.1:1883',
      'mqtt://localhost',
      'mqtt://10.1.2.3',
      'mqtt://192.168.0.5',
      'mqtt://172.20.0.1',
      'mqtt://[::1]',
      'mqtt://169.254.169.254',
    ]) {
      expect(brokerUrlProblem(url, true), url).toBe('machines.validation.privateBroker');
      expect(brokerUrlProblem(url, false), url).toBeNull();
    }
    expect(brokerUrlProblem('mqtt://172.32.0.1', true)).toBeNull();
  });
  it('links topics without wildcards or system prefix', () => {
    expect(topicIsLinkable('factory/saw-1/counts')).toBe(true);
    for (const topic of ['factory/+/counts', 'factory/#', '$SYS/broker', '/lead', 'trail/']) expect(topicIsLinkable(topic), topic).toBe(false);
  });
});

describe('broker URLs, more', () => {
  it('refuses ports out of range and spaces', () => {
    expect(brokerUrlProblem('mqtt://broker.example.com:70000', false)).toBe('machines.validation.brokerUrl');
    expect(brokerUrlProblem('mqtt://broker example.com', false)).toBe('machines.validation.brokerUrl');
    expect(brokerUrlProblem('MQTT://broker.example.com', false)).toBe('machines.validation.brokerUrl');
  });
});
