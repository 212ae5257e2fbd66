/**
 * A connection string with another database name in it, for any MongoDB connection string: one
 * host or several (a replica set's seed list), mongodb+srv, credentials and options kept as given.
 */
export function withDatabaseName(serverUri: string, name: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/)([^/?#]+)(\/[^?#]*)?(\?[^#]*)?$/.exec(serverUri.trim());
  if (!match) throw new Error(`Ikke en MongoDB-adresse (mongodb:// eller mongodb+srv://): ${serverUri.replace(/\/\/[^@/]*@/, '//…@')}`);
  const [, scheme = '', hosts = '', path = '', query = ''] = match;
  const options = query.replace(/^\?/, '');
  // With credentials the driver signs in to the database the path names unless authSource says
  // otherwise: renaming the database must not move where the user is signed in.
  const keepsSignIn = hosts.includes('@') && !/(^|&)authSource=/i.test(options);
  const authSource = keepsSignIn ? `authSource=${path.replace(/^\//, '') || 'admin'}` : '';
  const all = [options, authSource].filter(Boolean).join('&');
  return `${scheme}${hosts}/${name}${all ? `?${all}` : ''}`;
}
