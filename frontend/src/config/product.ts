/** The product's name in titles and headers; a plain constant, so the entry can use it without Chakra. */
export const PRODUCT_NAME = 'Schedule & Autopost';
