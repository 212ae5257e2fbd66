import { describe, expect, it } from 'vitest';
import { withDatabaseName } from './databaseUri';

describe('withDatabaseName', () => {
  it('names the database of one server, with or without a name before', () => {
    expect(withDatabaseName('mongodb://127.0.0.1:40123/', 'test_a')).toBe('mongodb://127.0.0.1:40123/test_a');
    expect(withDatabaseName('mongodb://127.0.0.1:40123', 'test_a')).toBe('mongodb://127.0.0.1:40123/test_a');
    expect(withDatabaseName('mongodb://db:27017/tilsynsvakt', 'test_a')).toBe('mongodb://db:27017/test_a');
  });

  it('keeps a replica set’s seed list and its options', () => {
    expect(withDatabaseName('mongodb://a:27017,b:27018/?replicaSet=rs0&w=majority', 'test_a')).toBe(
      'mongodb://a:27017,b:27018/test_a?replicaSet=rs0&w=majority',
    );
    expect(withDatabaseName('mongodb+srv://cluster.example.net/app?retryWrites=true', 'test_a')).toBe(
      'mongodb+srv://cluster.example.net/test_a?retryWrites=true',
    );
  });

  it('keeps a user signed in where the address signed them in', () => {
    expect(withDatabaseName('mongodb://u:p@a:27017/?replicaSet=rs0', 'test_a')).toBe(
      'mongodb://u:p@a:27017/test_a?replicaSet=rs0&authSource=admin',
    );
    expect(withDatabaseName('mongodb://u:p@a:27017/tilsynsvakt', 'test_a')).toBe('mongodb://u:p@a:27017/test_a?authSource=tilsynsvakt');
    expect(withDatabaseName('mongodb://u:p@a:27017/x?authSource=users', 'test_a')).toBe('mongodb://u:p@a:27017/test_a?authSource=users');
  });

  it('refuses what is no MongoDB address, without repeating a password', () => {
    expect(() => withDatabaseName('postgres://u:hemmelig@a/db', 'x')).toThrow(/Ikke en MongoDB-adresse/);
    expect(() => withDatabaseName('postgres://u:hemmelig@a/db', 'x')).not.toThrow(/hemmelig/);
  });
});
