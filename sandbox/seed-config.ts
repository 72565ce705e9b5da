/** The fixed part of the seed: businesses, locations, people. Everything else is derived. */
export interface LocationSeed {
	slug: string;
	name: string;
	short: string;
	timezone: string;
	region: string;
	street: string;
	city: string;
	state: string;
	postCode: string;
	country: 'AU' | 'NZ';
	labourTarget: number | null;
	ondemand: boolean;
	archived?: boolean;
}

export interface BusinessSeed {
	slug: string;
	name: string;
	legalName: string;
	abn: string | null;
	locations: LocationSeed[];
	positions: { name: string; description: string; stream: string; active?: boolean; archived?: boolean; rateModifier: number | null }[];
	people: [first: string, last: string, gender: 'M' | 'F' | 'I' | 'N' | null][];
	projects: { name: string; code: string; colour: string | null; members: number[]; archived?: boolean }[];
}

export const MAIN: BusinessSeed = {
	slug: 'harbourside',
	name: 'Harbourside Hospitality Group',
	legalName: 'Harbourside Hospitality Pty Ltd',
	abn: '51 824 753 556',
	locations: [
		{ slug: 'sydney', name: 'Circular Quay Café', short: 'CQ', timezone: 'Australia/Sydney', region: 'NSW', street: '31 Alfred St', city: 'Sydney', state: 'NSW', postCode: '2000', country: 'AU', labourTarget: 28, ondemand: true },
		{ slug: 'brisbane', name: 'South Bank Kitchen', short: 'SB', timezone: 'Australia/Brisbane', region: 'QLD', street: '12 Grey St', city: 'South Brisbane', state: 'QLD', postCode: '4101', country: 'AU', labourTarget: 30, ondemand: true },
		{ slug: 'perth', name: 'Fremantle Wharf Bar', short: 'FW', timezone: 'Australia/Perth', region: 'WA', street: '2 Victoria Quay Rd', city: 'Fremantle', state: 'WA', postCode: '6160', country: 'AU', labourTarget: 32, ondemand: true },
		{ slug: 'auckland', name: 'Viaduct Harbour Bistro', short: 'VH', timezone: 'Pacific/Auckland', region: 'AKL', street: '101 Customs St W', city: 'Auckland', state: 'AUK', postCode: '1010', country: 'NZ', labourTarget: 30, ondemand: false },
		{ slug: 'parramatta', name: 'Parramatta Kiosk', short: 'PK', timezone: 'Australia/Sydney', region: 'NSW', street: '1 Smith St', city: 'Parramatta', state: 'NSW', postCode: '2150', country: 'AU', labourTarget: null, ondemand: false, archived: true },
	],
	positions: [
		{ name: 'Barista', description: 'Coffee machine and counter', stream: 'food_and_beverage', rateModifier: 0.5 },
		{ name: 'Chef', description: 'Cooks on the line', stream: 'kitchen', rateModifier: 1.25 },
		{ name: 'Front of House', description: 'Floor, tables and bar', stream: 'food_and_beverage', rateModifier: null },
		{ name: 'Events Crew', description: 'Functions only; switched off for rostering', stream: 'food_and_beverage', active: false, rateModifier: null },
		{ name: 'Delivery Driver', description: 'No longer used', stream: 'general', archived: true, rateModifier: 0 },
	],
	people: [
		['Olivia', 'Nguyen', 'F'], ['Jack', 'Thompson', 'M'], ['Charlotte', 'Wilson', 'F'], ['Noah', 'Patel', 'M'],
		['Amelia', 'Brown', 'F'], ['William', 'Tran', 'M'], ['Isla', 'Kaur', 'F'], ['Oliver', 'Smith', 'M'],
		['Mia', 'Jones', 'F'], ['Leo', 'Williams', 'M'], ['Ava', 'Singh', 'F'], ['Henry', 'Taylor', 'M'],
		['Grace', 'Martin', 'F'], ['Lucas', 'Anderson', 'M'], ['Chloe', 'White', 'F'], ['Thomas', 'Harris', 'M'],
		['Zoe', 'Clark', 'F'], ['Ethan', 'Lewis', 'M'], ['Ruby', 'Walker', 'F'], ['James', 'Hall', 'M'],
		['Sophie', 'Young', 'F'], ['Mason', 'King', 'M'], ['Aria', 'Wright', 'I'], ['Hunter', 'Ngata', 'M'],
		['Hana', 'Takahashi', 'F'], ['Riley', 'Scott', 'N'],
		['Max', 'Cooper', 'M'], // leaves three weeks before the anchor week
	],
	projects: [
		{ name: 'Spring Menu Launch', code: 'SPRING', colour: '#4caf50', members: [0, 4, 8] },
		{ name: 'Henderson Wedding Catering', code: 'WED-HEND', colour: '#e91e63', members: [1, 5, 9, 13, 17] },
		{ name: 'Kitchen Refit', code: 'REFIT', colour: null, members: [] },
		{ name: 'Winter Pop-up', code: 'WINTER', colour: '#2196f3', members: [2, 6], archived: true },
	],
};

/** A second business, so that "records of other businesses are not there" can be tested. */
export const OTHER: BusinessSeed = {
	slug: 'lakeside',
	name: 'Lakeside Bakery',
	legalName: 'Lakeside Bakery Pty Ltd',
	abn: '33 615 204 897',
	locations: [
		{ slug: 'ballarat', name: 'Lake Wendouree Bakery', short: 'LW', timezone: 'Australia/Melbourne', region: 'VIC', street: '5 Wendouree Pde', city: 'Ballarat', state: 'VIC', postCode: '3350', country: 'AU', labourTarget: 25, ondemand: true },
	],
	positions: [
		{ name: 'Baker', description: 'Ovens', stream: 'kitchen', rateModifier: 1 },
		{ name: 'Counter', description: 'Sales counter', stream: 'food_and_beverage', rateModifier: null },
		{ name: 'Barista', description: 'Coffee', stream: 'food_and_beverage', rateModifier: null },
	],
	people: [['Ellie', 'Fraser', 'F'], ['Sam', 'Doyle', 'M'], ['Priya', 'Raman', 'F'], ['Ben', 'Walsh', 'M'], ['Kate', 'Moore', 'F'], ['Dan', 'Hughes', 'M']],
	projects: [{ name: 'Easter Hot Cross Buns', code: 'EASTER', colour: '#ff9800', members: [0, 1] }],
};
