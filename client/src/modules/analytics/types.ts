// What every section of the screen is given: the business and the filters as query variables.
export interface RangeVariables {
  clientId: string;
  from: string;
  to: string;
  campaignId?: string;
  includeSimulated?: boolean;
}
