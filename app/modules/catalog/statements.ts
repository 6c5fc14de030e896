import { endOf, startOf } from "~/modules/db/moments";
import type { Statement, StatementCriteria } from "./catalog";
import type { StoredStatement } from "./generator";
import { statementAccounts } from "./reference-data";

const typeCodes = { "income-statement": "IS", "balance-sheet": "BS", "cash-flow": "CF" } as const;

export function toStatement(company: { id: string; isic: string; currency: string }, stored: StoredStatement): Statement {
  const [year, period, type, consolidated, standard, official, updatedAt, amounts] = stored;
  const accounts = Object.fromEntries(statementAccounts[type].map((account, i) => [account, amounts[i] ?? 0]));
  return {
    stmtId: `${company.id}-${year}-${period}-${typeCodes[type]}-${consolidated ? "C" : "U"}`,
    companyId: company.id,
    isic: company.isic,
    year,
    period,
    consolidated: consolidated === 1,
    type,
    standard,
    currency: company.currency,
    official: official === 1,
    updatedAt,
    accounts,
  };
}

const includes = <T>(list: readonly T[] | undefined, value: T) => !list?.length || list.includes(value);

/** The statement criteria of SPEC.md section 3; a missing or empty criterion does not filter. */
export function matchesStatement(statement: Statement, criteria: StatementCriteria): boolean {
  if (criteria.updatedFrom && statement.updatedAt < startOf(criteria.updatedFrom)) return false;
  if (criteria.updatedTo && statement.updatedAt > endOf(criteria.updatedTo)) return false;
  if (criteria.officialOnly && !statement.official) return false;
  if (!includes(criteria.year, statement.year) || !includes(criteria.period, statement.period)) return false;
  if (!includes(criteria.type, statement.type) || !includes(criteria.standard, statement.standard)) return false;
  const { account } = criteria;
  if (!account) return true;
  const amount = statement.accounts[account.name];
  if (amount === undefined) return false;
  return (account.from === undefined || amount >= account.from) && (account.to === undefined || amount <= account.to);
}
