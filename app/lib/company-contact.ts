/** The company's contact block (home, contact and legal pages): these settings only, not all of them. */
export type CompanyContact = {
  companyName: string;
  companyPhone: string | null;
  companyEmail: string | null;
  companyAddress: string | null;
  companyZipCode: string | null;
  companyCity: string | null;
};

/** Picks the contact block out of the public settings, so a loader sends nothing else. */
export function companyContact(settings: CompanyContact): CompanyContact {
  return {
    companyName: settings.companyName,
    companyPhone: settings.companyPhone,
    companyEmail: settings.companyEmail,
    companyAddress: settings.companyAddress,
    companyZipCode: settings.companyZipCode,
    companyCity: settings.companyCity,
  };
}
