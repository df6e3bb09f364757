/** The tracking ids' formats (hints GTM-XXXXXXX and G-XXXXXXXXXX), for the form and the site. */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
export const GA4_ID_PATTERN = /^G-[A-Z0-9]{4,16}$/;
