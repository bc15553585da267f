import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  importSummarySubject,
  notificationAgentTypes,
  notificationRecipients,
  notificationSentMessage,
  notificationSubject,
  renderImportSummaryEmail,
  renderNotificationEmail,
} from './notifications';

const users = [
  { id: 1, role: 'admin', agentType: null },
  { id: 2, role: 'agent', agentType: 'dubai' },
  { id: 3, role: 'agent', agentType: 'doha' },
  { id: 4, role: 'agent', agentType: 'super' },
  { id: 5, role: 'admin', agentType: 'doha' },
  { id: 6, role: 'agent', agentType: null, region: 'doha' },
  { id: 7, role: 'agent', agentType: 'doha', blocked: true },
  { id: 8, role: 'agent', agentType: null, region: null },
  { id: 9, role: 'authenticated', agentType: 'super' },
];
const ids = (visibleTo: string[], mode: 'all' | 'select') => notificationRecipients(users, visibleTo, mode).map((user) => user.id);

describe('notificationRecipients (spec §6)', () => {
  it('selects agents of the project’s regions plus super agents', () => {
    expect(ids(['dubai'], 'select')).toEqual([2, 4, 8]);
    expect(ids(['doha'], 'select')).toEqual([3, 4, 5, 6]);
    expect(ids(['dubai', 'doha'], 'select')).toEqual([2, 3, 4, 5, 6, 8]);
    expect(ids([], 'select')).toEqual([4]);
  });

  it('sends to all: super plus doha if visible to doha, else dubai if visible to dubai', () => {
    expect(notificationAgentTypes(['dubai', 'doha'], 'all')).toEqual(['super', 'doha']);
    expect(ids(['dubai'], 'all')).toEqual([2, 4, 8]);
    expect(ids(['doha'], 'all')).toEqual([3, 4, 5, 6]);
    expect(ids(['dubai', 'doha'], 'all')).toEqual([3, 4, 5, 6]);
    expect(ids([], 'all')).toEqual([4]);
  });

  it('reads visibility loosely, as stored by older clients', () => {
    expect(ids([' Doha '], 'select')).toEqual([3, 4, 5, 6]);
  });

  it('counts an admin only with an agent type, an agent by its effective type, and never a blocked account', () => {
    const reached = new Set([...ids(['dubai', 'doha'], 'select'), ...ids(['dubai', 'doha'], 'all')]);
    expect(reached.has(1)).toBe(false);
    expect(reached.has(5)).toBe(true);
    expect(reached.has(7)).toBe(false);
    expect(reached.has(9)).toBe(false);
  });
});

describe('notification texts', () => {
  it('words the subject and the result as spec §7 and §8 do', () => {
    expect(notificationSubject('A-101', 'Marina Heights')).toBe('New Property Available: A-101 in Marina Heights');
    expect(notificationSubject('1', 'Two\r\nLines')).toBe('New Property Available: 1 in Two Lines');
    expect(notificationSentMessage(3, 2)).toBe('Notification sent for 3 units to 2 agents');
    expect(importSummarySubject(1, 'Tower', '7')).toBe('New Property Available: 7 in Tower');
    expect(importSummarySubject(40, 'Tower', '7')).toBe('New Properties Available: 40 units in Tower');
  });

  it('renders every template field of every unit, with the first unit in the subject', () => {
    const email = renderNotificationEmail(
      { email: 'omar@example.test', displayName: 'Omar Saeed' },
      { id: 5, name: 'Gulf Horizon', location: '', visibleTo: ['doha'] },
      [
        { id: 11, unitNumber: 'G-1', name: 'Sky Suite', price: 1250000, description: 'Corner unit' },
        { id: 12, unitNumber: 'G-2', price: null },
      ],
      'https://portal.example.test/',
    );
    expect(email.subject).toBe('New Property Available: G-1 in Gulf Horizon');
    expect(email.params[0]).toEqual({
      to_email: 'omar@example.test',
      to_name: 'Omar Saeed',
      subject: email.subject,
      project_name: 'Gulf Horizon',
      unit_name: 'Sky Suite',
      location: 'N/A',
      price: 'QAR 1,250,000',
      description: 'Corner unit',
      unit_id: '11',
      project_id: '5',
    });
    expect(email.params[1]).toMatchObject({ unit_name: 'G-2', price: 'Price on Request' });
    for (const text of ['Omar Saeed', 'Sky Suite', 'QAR 1,250,000', 'Corner unit', 'N/A', 'Unit ID: 11', 'Project ID: 5', 'G-2', 'Price on Request']) {
      expect(email.text).toContain(text);
    }
    expect(email.text).toContain('https://portal.example.test/agent/units/12');
    expect(email.html).toContain('QAR 1,250,000');
  });

  it('escapes user text in the HTML body', () => {
    expect(escapeHtml(`<b onclick="x">'&'</b>`)).toBe('&lt;b onclick=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;');
    const email = renderNotificationEmail({ email: 'a@b.test', displayName: '<i>Eve</i>' }, { id: 1, name: 'T<script>', visibleTo: [] }, [
      { id: 2, unitNumber: '1', description: '<img src=x onerror=alert(1)>' },
    ]);
    expect(email.html).not.toMatch(/<script>|<img|<i>/);
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('summarises an import in one e-mail listing the first units', () => {
    const units = Array.from({ length: 60 }, (_, index) => ({ id: index + 1, unitNumber: `U-${index + 1}`, price: 1000 }));
    const email = renderImportSummaryEmail({ id: 3, name: 'Pearl', location: 'Doha', visibleTo: ['dubai'] }, units, null);
    expect(email.subject).toBe('New Properties Available: 60 units in Pearl');
    expect(email.text).toContain('60 new units are available in Pearl (Doha).');
    expect(email.text).toContain('U-50: AED 1,000');
    expect(email.text).not.toContain('U-51:');
    expect(email.text).toContain('... and 10 more.');
  });
});
