import { daysAt } from '../../nodes/shared/input/days';

// 20:00 UTC on Thursday 26 November 2026: already Friday the 27th in Sydney (UTC+11) and Perth (UTC+8,
// 04:00), still Thursday the 26th in London and New York.
const NOW = Date.parse('2026-11-26T20:00:00Z');

describe('Filters › Days, counted at the locations', () => {
	it('today is the day at the location, not in UTC or where n8n runs', () => {
		expect(daysAt('today', ['Australia/Sydney'], NOW)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
		expect(daysAt('today', ['Europe/London'], NOW)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
		expect(daysAt('tomorrow', ['Australia/Perth'], NOW)).toEqual({ from: '2026-11-28', to: '2026-11-28' });
		expect(daysAt('yesterday', ['Australia/Sydney'], NOW)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
	});

	it('weeks run Monday to Sunday at the location', () => {
		expect(daysAt('thisWeek', ['Australia/Sydney'], NOW)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
		expect(daysAt('nextWeek', ['Australia/Sydney'], NOW)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
		expect(daysAt('lastWeek', ['Australia/Sydney'], NOW)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
		// Sunday night in Sydney is Monday of the next week there, and still Sunday in London.
		const sundayNight = Date.parse('2026-11-29T14:00:00Z');
		expect(daysAt('thisWeek', ['Australia/Sydney'], sundayNight)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
		expect(daysAt('thisWeek', ['Europe/London'], sundayNight)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
	});

	it('locations whose calendars differ: from the earliest first day to the latest last day, so that every location\'s day is read', () => {
		expect(daysAt('today', ['Australia/Sydney', 'Europe/London', 'Pacific/Auckland'], NOW)).toEqual({ from: '2026-11-26', to: '2026-11-27' });
	});
});
