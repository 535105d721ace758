// Placeholder until this screen is built: shows the route's title and "not available yet".
export { default } from '../pending/NotAvailableYetScreen';
