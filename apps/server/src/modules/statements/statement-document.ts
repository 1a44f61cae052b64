import { type AssetDisplay, formatAmount } from '@clearway/contracts/amount-format';

// The statement as a pdfmake document: what it says and how it is laid out, from figures
// already read (statement-builder.ts). Every amount goes through the portal's formatting
// rules (contracts' amount-format), so a figure reads on paper as it does on screen.

export type EntryRow = { date: string; kind: string; reference: string; amount: string; balance: string };

export type AccountSection = {
  accountName: string;
  accountCode: string | null;
  entityName: string;
  asset: string;
  display: AssetDisplay;
  opening: string;
  closing: string;
  /** The closing balance in the base currency (null: no rate at the cut-off). */
  closingBase: string | null;
  fees: string;
  rows: EntryRow[];
};

export type PositionRow = {
  accountName: string;
  symbol: string;
  kind: string;
  quantity: string;
  mark: string | null;
  unrealised: string | null;
  currency: string;
  display: AssetDisplay;
};

export type FigureRow = { accountName: string; currency: string; amount: string; display: AssetDisplay };
export type MarginRow = {
  accountName: string;
  symbol: string;
  exposure: string;
  ratePct: string;
  requirement: string;
};

export type StatementContent = {
  platform: { name: string; addresses: string[] };
  entity: { name: string; addresses: string[] };
  title: string;
  periodLabel: string;
  generatedAt: string;
  cutoff: string;
  eodLabel: string;
  baseCurrency: string;
  base: AssetDisplay;
  currencyView: 'ACCOUNT' | 'BASE';
  sections: AccountSection[];
  positions: PositionRow[];
  realised: FigureRow[];
  margin: MarginRow[];
  totals: { label: string; amount: string | null }[];
  missingRates: string[];
};

const amount = (v: string, d: AssetDisplay) => formatAmount(v, d);
const right = (text: string, extra: object = {}) => ({ text, alignment: 'right', ...extra });
const bold = (text: string, extra: object = {}) => ({ text, bold: true, ...extra });

/** A table whose header row pdfmake repeats on every page it runs onto. */
/**
 * A rule under the header row and around the table, none between rows: a statement of tens
 * of thousands of entries draws (and pdfmake lays out) a line per row less.
 */
const RULED_HEADER = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === 0 || i === 1 || i === node.table.body.length ? 0.5 : 0,
  vLineWidth: () => 0,
  paddingTop: () => 1.5,
  paddingBottom: () => 1.5,
};

/** A cell of a table: text, or pdfmake's cell object. */
type Cell = string | object;

function table(widths: (string | number)[], header: string[], body: Cell[][]) {
  return {
    table: {
      headerRows: 1,
      widths,
      body: [
        header.map((h, i) => ({
          text: h,
          style: 'th',
          alignment: i >= widths.length - 2 ? 'right' : 'left',
        })),
        ...body,
      ],
    },
    layout: RULED_HEADER,
    margin: [0, 4, 0, 12],
  };
}

function entriesTable(s: AccountSection) {
  const rows = s.rows.map((r) => [
    r.date,
    r.kind,
    r.reference,
    right(amount(r.amount, s.display)),
    right(amount(r.balance, s.display)),
  ]);
  return table(
    [62, 110, '*', 90, 90],
    ['Date', 'Type', 'Reference', `Amount (${s.asset})`, `Balance (${s.asset})`],
    [
      [
        bold('Opening balance', { colSpan: 4 }),
        {},
        {},
        {},
        right(amount(s.opening, s.display), { bold: true }),
      ],
      ...rows,
      [
        bold('Closing balance', { colSpan: 4 }),
        {},
        {},
        {},
        right(amount(s.closing, s.display), { bold: true }),
      ],
    ],
  );
}

/** The document definition of a statement: header on every page, "Page n of m" in the footer. */
export function statementDocument(c: StatementContent): object {
  const b = (v: string | null) => (v === null ? 'no rate' : amount(v, c.base));
  const content: object[] = [
    {
      columns: [
        [
          bold(c.platform.name, { fontSize: 13 }),
          ...c.platform.addresses.map((a) => ({ text: a, fontSize: 8 })),
        ],
        [
          bold(c.entity.name, { fontSize: 13, alignment: 'right' }),
          ...c.entity.addresses.map((a) => ({ text: a, fontSize: 8, alignment: 'right' })),
        ],
      ],
    },
    { text: c.title, style: 'title', margin: [0, 14, 0, 4] },
    {
      table: {
        widths: [130, '*'],
        body: [
          ['Statement period', c.periodLabel],
          ['Cut-off', c.cutoff],
          ['Generated at', c.generatedAt],
          ['Based on end of day', c.eodLabel],
          [
            'Currency view',
            c.currencyView === 'BASE' ? `Account currencies and ${c.baseCurrency}` : 'Account currencies',
          ],
        ],
      },
      layout: 'noBorders',
      fontSize: 9,
    },
    { text: 'Balances', style: 'h2' },
    table(
      ['*', 50, 90, 90, 90],
      ['Account', 'Currency', 'Opening', 'Closing', `Closing (${c.baseCurrency})`],
      c.sections.map((s) => [
        `${s.accountName}${s.accountCode ? ` (${s.accountCode})` : ''}`,
        s.asset,
        right(amount(s.opening, s.display)),
        right(amount(s.closing, s.display)),
        right(b(s.closingBase)),
      ]),
    ),
  ];
  for (const s of c.sections) {
    content.push({
      text: `${s.accountName}${s.accountCode ? ` (${s.accountCode})` : ''} · ${s.entityName} · ${s.asset}`,
      style: 'h2',
    });
    content.push(entriesTable(s));
    const inBase =
      c.currencyView === 'BASE' ? ` · Closing balance in ${c.baseCurrency}: ${b(s.closingBase)}` : '';
    content.push({
      text: `Fees charged: ${amount(s.fees, s.display)} ${s.asset}${inBase}`,
      fontSize: 8,
      margin: [0, 0, 0, 8],
    });
  }
  content.push({ text: 'Open positions at the cut-off', style: 'h2' });
  content.push(
    c.positions.length
      ? table(
          ['*', 70, 70, 90, 80, 90],
          ['Account', 'Instrument', 'Kind', 'Quantity', 'Mark', 'Unrealised P&L'],
          c.positions.map((p) => [
            p.accountName,
            p.symbol,
            p.kind === 'UNSETTLED' ? 'Unsettled' : 'Position',
            right(formatAmount(p.quantity, null)),
            right(p.mark ? formatAmount(p.mark, null) : '—'),
            right(p.unrealised ? `${amount(p.unrealised, p.display)} ${p.currency}` : '—'),
          ]),
        )
      : { text: 'No open positions.', fontSize: 9, margin: [0, 2, 0, 10] },
  );
  content.push({ text: 'Realised P&L in the period', style: 'h2' });
  content.push(
    c.realised.length
      ? table(
          ['*', 60, 110],
          ['Account', 'Currency', 'Realised P&L'],
          c.realised.map((r) => [r.accountName, r.currency, right(amount(r.amount, r.display))]),
        )
      : { text: 'Nothing realised in the period.', fontSize: 9, margin: [0, 2, 0, 10] },
  );
  content.push({ text: 'Margin at the cut-off', style: 'h2' });
  content.push(
    c.margin.length
      ? table(
          ['*', 80, 100, 60, 100],
          [
            'Account',
            'Instrument',
            `Exposure (${c.baseCurrency})`,
            'Rate %',
            `Requirement (${c.baseCurrency})`,
          ],
          c.margin.map((m) => [
            m.accountName,
            m.symbol,
            right(b(m.exposure)),
            right(m.ratePct),
            right(b(m.requirement)),
          ]),
        )
      : { text: 'No margin required.', fontSize: 9, margin: [0, 2, 0, 10] },
  );
  content.push({ text: `Totals in ${c.baseCurrency}`, style: 'h2' });
  content.push(
    table(
      ['*', 140],
      ['', c.baseCurrency],
      c.totals.map((t) => [t.label, right(b(t.amount), { bold: true })]),
    ),
  );
  if (c.missingRates.length)
    content.push({
      text: `No rate at the cut-off for ${c.missingRates.join(', ')}: left out of the totals in ${c.baseCurrency}.`,
      fontSize: 8,
      italics: true,
    });
  return {
    info: {
      title: `${c.title} ${c.entity.name} ${c.periodLabel}`,
      author: c.platform.name,
      producer: c.platform.name,
    },
    pageSize: 'A4',
    pageMargins: [36, 56, 36, 44],
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    styles: {
      title: { fontSize: 16, bold: true },
      h2: { fontSize: 10, bold: true, margin: [0, 10, 0, 2] },
      th: { bold: true, fontSize: 8 },
    },
    header: (page: number) =>
      page === 1
        ? null
        : {
            columns: [
              { text: `${c.platform.name} · ${c.entity.name}`, fontSize: 8 },
              { text: `${c.title} · ${c.periodLabel}`, fontSize: 8, alignment: 'right' },
            ],
            margin: [36, 24, 36, 0],
          },
    footer: (page: number, pages: number) => ({
      text: `Page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      margin: [0, 16, 0, 0],
    }),
    content,
  };
}
