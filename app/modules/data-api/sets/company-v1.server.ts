import { flag, numeric, text } from "../call-input";
import { notFound } from "../errors";
import { ok, type Handler, type SetHandlers } from "../handler";
import { companyApiId } from "../ids";
import { findCompany, statementsOf, companyWindow } from "./company-catalog.server";
import {
  apiPeriod,
  conversion,
  newestFirst,
  readStatementNumber,
  statementHeader,
  statementLines,
  statementNumber,
  toCompanyV1,
  toSummaryV1,
  type AmountCurrency,
} from "./company-model";

/** The Company Data API, version 1, over the catalog's companies and statements. */

const queryCompany: Handler = async ({ input }) => {
  const offset = numeric(input, "offset") ?? 0;
  const limit = numeric(input, "limit") ?? 100;
  const country = text(input, "country");
  const criteria = { keyword: text(input, "keyword"), city: text(input, "city"), country: country ? [country.toUpperCase()] : undefined };
  const { total, items } = await companyWindow(criteria, text(input, "isic"), offset, limit);
  return ok({ total, offset, limit, data: items.map(toSummaryV1) });
};

const queryStatement: Handler = async ({ input }) => {
  const company = await findCompany(numeric(input, "companyId") ?? 0);
  const year = numeric(input, "year");
  const period = text(input, "period");
  const consolidated = flag(input, "consolidated");
  const statements = (await statementsOf(company))
    .filter((statement) => year === undefined || statement.year === year)
    .filter((statement) => period === undefined || apiPeriod(statement.period) === period)
    .filter((statement) => consolidated === undefined || statement.consolidated === consolidated)
    .sort(newestFirst);
  const data = statements.map((statement) => ({
    ...statementHeader(statement),
    companyId: companyApiId(company.id),
    currency: statement.currency,
    official: statement.official,
  }));
  return ok({ total: data.length, data });
};

const getFullCompany: Handler = async ({ input }) => ok(toCompanyV1(await findCompany(numeric(input, "companyId") ?? 0)));

const missingStatement = () => notFound("Not found: no statement matches this stmtId, year, period and consolidation.");

const getStatementByCode: Handler = async ({ input }) => {
  const stmtId = numeric(input, "stmtId") ?? -1;
  const key = readStatementNumber(stmtId);
  const consolidated = flag(input, "consolidated") ?? true;
  if (!key || key.year !== numeric(input, "year") || key.period !== text(input, "period") || key.consolidated !== consolidated) {
    throw missingStatement();
  }
  const company = await findCompany(key.company).catch(() => {
    throw missingStatement();
  });
  const statement = (await statementsOf(company)).find((candidate) => statementNumber(candidate) === stmtId);
  if (!statement || statement.isic !== text(input, "isic")) throw missingStatement();
  const { factor, currency } = conversion(statement.currency, (text(input, "currency") ?? "LOCAL") as AmountCurrency);
  return ok({
    ...statementHeader(statement),
    companyId: companyApiId(company.id),
    currency,
    lines: statementLines(statement, factor, true),
  });
};

export const companyV1Handlers: SetHandlers = {
  secured: { queryCompany, queryStatement, getFullCompany, getStatementByCode },
};
